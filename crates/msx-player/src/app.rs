//! The window and the event loop: winit events in, frames out.
//!
//! Emulation happens in `about_to_wait`, between batches of window events,
//! as many frames as the pacer says are due (see [`crate::pacing`]); the
//! event loop then sleeps until the next one is due. Drawing happens on
//! `RedrawRequested`: the last frame, scaled, plus the message line.

use crate::audio::AudioOutput;
use crate::keymap::{self, Command, Route, HOST_KEY};
use crate::overlay::{draw_message, MessageLine};
use crate::pacing::{
    audio_pace, audio_target, AudioPace, ClockPacer, MAX_AHEAD, MAX_CATCH_UP_FRAMES,
};
use crate::scale::{blit, viewport, window_size, ScaleMode, PICTURE_H, PICTURE_W};
use crate::session::Session;
use crate::{PlayerError, PlayerOptions};
use msx_machine::machine::Machine;
use msx_machine::mouse::MouseButton;
use std::num::NonZeroU32;
use std::rc::Rc;
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalPosition};
use winit::event::{DeviceEvent, DeviceId, ElementState, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::{CursorGrabMode, Fullscreen, Window, WindowId};

/// How a game of play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayReport {
    /// Frames emulated.
    pub frames: u64,
}

/// Colour around the picture.
const BACKGROUND: u32 = 0;

/// Wall time spent emulating per wake-up in warp mode, so the window still
/// redraws and answers.
const WARP_SLICE: Duration = Duration::from_millis(15);

/// Opens the window and plays `machine` until the window closes (or the
/// frame limit). `notice` hears what the user should know but is no error
/// (e.g. "no sound: …").
pub fn play(
    machine: Machine,
    options: PlayerOptions,
    notice: &mut dyn FnMut(&str),
) -> Result<PlayReport, PlayerError> {
    let no_display = std::env::var_os("DISPLAY").is_none_or(|v| v.is_empty())
        && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|v| v.is_empty());
    if no_display {
        return Err(PlayerError::NoDisplay(
            "neither DISPLAY nor WAYLAND_DISPLAY is set".into(),
        ));
    }
    let event_loop = EventLoop::new().map_err(|e| {
        // winit says "os error at <its source file>:<line>: <what>": the
        // user needs only the last part, and which display was tried.
        let text = e.to_string();
        let what = text.rsplit_once(": ").map_or(text.as_str(), |(_, w)| w);
        let display = std::env::var("DISPLAY").unwrap_or_default();
        PlayerError::NoDisplay(format!("{what}, DISPLAY={display:?}"))
    })?;

    let mut session = Session::new(
        machine,
        options.disks.clone(),
        options.first_disk_inserted.then_some(0),
    );
    session.set_save_disks(options.save_disks);
    session.set_joystick(options.joystick);
    if options.mouse {
        session.set_mouse(true);
    }
    session.set_screenshots(
        options.screenshot_dir.clone(),
        options.screenshot_stem.clone(),
    );
    session.set_state_files(options.state_dir.clone(), options.state_stem.clone());

    let mut messages = MessageLine::default();
    if !options.disks.is_empty() && !options.first_disk_inserted {
        if let Some(Err(e)) = session.command(Command::NextDisk) {
            return Err(e);
        }
    }

    let audio = if options.audio {
        let rate = session.machine().config().sample_rate;
        match AudioOutput::start(rate) {
            Ok(out) => Some(out),
            Err(e) => {
                notice(&format!("no sound ({e}); playing silently"));
                messages.show("NO SOUND", Instant::now());
                None
            }
        }
    } else {
        None
    };
    session.machine_mut().set_audio_capture(audio.is_some());

    let mut app = App {
        notice,
        options,
        session,
        audio,
        clock: ClockPacer::new(Instant::now()),
        messages,
        gfx: None,
        frames: 0,
        scale_mode: ScaleMode::Integer,
        error: None,
        grabbed: false,
        recentre: false,
    };
    app.scale_mode = app.options.scale_mode;
    event_loop
        .run_app(&mut app)
        .map_err(|e| PlayerError::Window(e.to_string()))?;
    if let Some(e) = app.error.take() {
        return Err(e);
    }
    app.session.finish()?;
    Ok(PlayReport { frames: app.frames })
}

/// "msx play: GAME.DSK", with the state that changes how it runs, and how
/// to let go of the mouse while the MSX has it.
fn window_title(name: &str, paused: bool, warp: bool, grabbed: bool) -> String {
    let state = match (paused, warp) {
        (true, _) => " [paused]",
        (false, true) => " [warp]",
        (false, false) => "",
    };
    let mouse = if grabbed {
        " [mouse: right Ctrl releases]"
    } else {
        ""
    };
    format!("msx play: {name}{state}{mouse}")
}

/// The middle of the window's inside, in physical pixels.
fn window_centre(window: &Window) -> PhysicalPosition<f64> {
    let size = window.inner_size();
    PhysicalPosition::new(f64::from(size.width / 2), f64::from(size.height / 2))
}

/// The window and what draws into it.
struct Gfx {
    window: Rc<Window>,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
    /// The size the surface was last given (1×1 before the first draw,
    /// which no window has, so the first draw sizes it).
    size: (NonZeroU32, NonZeroU32),
    /// Kept alive as long as the surface.
    _context: softbuffer::Context<Rc<Window>>,
}

struct App<'a> {
    /// Hears errors in full (the message line shows what fits).
    notice: &'a mut dyn FnMut(&str),
    options: PlayerOptions,
    session: Session,
    audio: Option<AudioOutput>,
    clock: ClockPacer,
    messages: MessageLine,
    gfx: Option<Gfx>,
    frames: u64,
    scale_mode: ScaleMode,
    error: Option<PlayerError>,
    /// The host mouse is the MSX mouse's (hidden, held in the window).
    grabbed: bool,
    /// While grabbed: the pointer is only confined (X11 cannot lock it), so
    /// motion is read from the pointer's moves and the pointer is put back
    /// in the middle of the window after each. Raw device motion is not
    /// used then: winit doubles it while the pointer is confined on X11
    /// (rust-windowing/winit issue 3773).
    recentre: bool,
}

impl App<'_> {
    /// An error of a command: on the message line, reason first (the line
    /// shows what fits), and in full to `notice`; play goes on.
    fn report(&mut self, e: &PlayerError, now: Instant) {
        let text = match e {
            PlayerError::Io { path, source } => format!("{source} ({})", path.display()),
            other => other.to_string(),
        };
        self.messages.show(format!("ERROR: {text}"), now);
        (self.notice)(&format!("error: {e}"));
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, e: PlayerError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
        event_loop.exit();
    }

    fn open_window(&mut self, event_loop: &ActiveEventLoop) -> Result<Gfx, PlayerError> {
        let (w, h) = window_size(self.options.scale);
        let mut attrs = Window::default_attributes()
            .with_title(window_title(&self.options.title, false, false, false))
            // Logical sizes: on a high-density screen the window is as
            // large as elsewhere (and integer scaling picks a larger factor).
            .with_inner_size(LogicalSize::new(w, h))
            .with_min_inner_size(LogicalSize::new(PICTURE_W / 2, PICTURE_H / 2))
            .with_resizable(true);
        if self.options.fullscreen {
            attrs = attrs.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
        let window = Rc::new(
            event_loop
                .create_window(attrs)
                .map_err(|e| PlayerError::Window(e.to_string()))?,
        );
        let soft = |e: softbuffer::SoftBufferError| PlayerError::Window(e.to_string());
        let context = softbuffer::Context::new(window.clone()).map_err(soft)?;
        let surface = softbuffer::Surface::new(&context, window.clone()).map_err(soft)?;
        Ok(Gfx {
            window,
            surface,
            size: (NonZeroU32::MIN, NonZeroU32::MIN),
            _context: context,
        })
    }

    fn draw(&mut self) -> Result<(), PlayerError> {
        let Some(gfx) = self.gfx.as_mut() else {
            return Ok(());
        };
        let size = gfx.window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return Ok(()); // minimised
        };
        let soft = |e: softbuffer::SoftBufferError| PlayerError::Window(e.to_string());
        if gfx.size != (w, h) {
            // Resizing may reallocate the shared buffer: only when needed.
            gfx.surface.resize(w, h).map_err(soft)?;
            gfx.size = (w, h);
        }
        let mut buffer = gfx.surface.buffer_mut().map_err(soft)?;
        let vp = viewport(w.get(), h.get(), self.scale_mode);
        blit(
            self.session.machine().frame(),
            vp,
            &mut buffer,
            w.get(),
            BACKGROUND,
        );
        if let Some(text) = self.messages.current(Instant::now()) {
            draw_message(text, vp, &mut buffer, w.get());
        }
        buffer.present().map_err(soft)
    }

    fn redraw(&self) {
        if let Some(gfx) = &self.gfx {
            gfx.window.request_redraw();
        }
    }

    fn command(&mut self, cmd: Command, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        match cmd {
            Command::Quit => event_loop.exit(),
            Command::Fullscreen => {
                if let Some(gfx) = &self.gfx {
                    let full = gfx.window.fullscreen().is_some();
                    gfx.window
                        .set_fullscreen((!full).then_some(Fullscreen::Borderless(None)));
                }
            }
            Command::IntegerScaling => {
                self.scale_mode = match self.scale_mode {
                    ScaleMode::Integer => ScaleMode::Fit,
                    ScaleMode::Fit => ScaleMode::Integer,
                };
                let text = match self.scale_mode {
                    ScaleMode::Integer => "INTEGER SCALING",
                    ScaleMode::Fit => "SCALED TO FIT",
                };
                self.messages.show(text, now);
            }
            _ => match self.session.command(cmd) {
                Some(Ok(text)) => {
                    if self.session.paused() {
                        self.messages.show_sticky("PAUSED");
                    } else {
                        self.messages.show(text, now);
                    }
                }
                Some(Err(e)) => self.report(&e, now),
                None => {}
            },
        }
        if cmd == Command::Mouse && !self.session.mouse() {
            self.release_mouse();
        }
        self.update_title();
        // Pause, warp and state loads break the link between emulated and
        // real time: start counting again, and drop the stale sound.
        if matches!(
            cmd,
            Command::Pause | Command::Warp | Command::LoadState | Command::Reset
        ) {
            self.clock.restart(now);
            if let Some(audio) = &self.audio {
                audio.ring().clear();
            }
            let capture = self.audio.is_some() && !self.session.warp();
            self.session.machine_mut().set_audio_capture(capture);
        }
        self.redraw();
    }

    fn update_title(&self) {
        if let Some(gfx) = &self.gfx {
            gfx.window.set_title(&window_title(
                &self.options.title,
                self.session.paused(),
                self.session.warp(),
                self.grabbed,
            ));
        }
    }

    /// Gives the host mouse to the MSX mouse: hidden and held in the window
    /// (locked where the system can, else confined to the window); motion
    /// then comes as raw device deltas.
    fn grab_mouse(&mut self) {
        let Some(gfx) = &self.gfx else {
            return;
        };
        self.recentre = false;
        if gfx.window.set_cursor_grab(CursorGrabMode::Locked).is_err() {
            let confined = gfx.window.set_cursor_grab(CursorGrabMode::Confined);
            self.recentre = gfx
                .window
                .set_cursor_position(window_centre(&gfx.window))
                .is_ok();
            if let Err(e) = confined {
                (self.notice)(&format!("the mouse cannot be held in the window: {e}"));
            }
        }
        gfx.window.set_cursor_visible(false);
        self.grabbed = true;
        self.messages
            .show("MOUSE GRABBED: RIGHT CTRL RELEASES", Instant::now());
        self.update_title();
    }

    /// Gives the host mouse back (its buttons come up on the MSX).
    fn release_mouse(&mut self) {
        if !self.grabbed {
            return;
        }
        self.grabbed = false;
        if let Some(gfx) = &self.gfx {
            let _ = gfx.window.set_cursor_grab(CursorGrabMode::None);
            gfx.window.set_cursor_visible(true);
        }
        for button in [MouseButton::Left, MouseButton::Right] {
            self.session.mouse_button(button, false);
        }
        self.update_title();
        self.redraw();
    }

    /// Host pixels per MSX mouse count: one count is one MSX dot as the
    /// picture is shown (the picture's 240 lines fill the viewport's height;
    /// the dots are as wide as high at 4:3).
    fn pixels_per_count(&self) -> f64 {
        let Some(gfx) = &self.gfx else {
            return 1.0;
        };
        let size = gfx.window.inner_size();
        let vp = viewport(size.width.max(1), size.height.max(1), self.scale_mode);
        f64::from(vp.h.max(1)) / f64::from(PICTURE_H)
    }

    /// Emulates one frame and queues its sound.
    fn run_frame(&mut self) {
        let (t_states, pcm) = self.session.run_frame();
        self.frames += 1;
        if !self.session.warp() {
            self.clock.advance(t_states);
            if let Some(audio) = &self.audio {
                audio.ring().push(&pcm);
            }
        }
    }

    fn frame_limit_reached(&self) -> bool {
        self.options.frames.is_some_and(|n| self.frames >= n)
    }

    /// Runs the frames that are due; returns when to wake up next.
    fn emulate(&mut self, now: Instant) -> Option<Instant> {
        if self.session.paused() {
            return None;
        }
        let mut ran = 0;
        let next = if self.session.warp() {
            while Instant::now() < now + WARP_SLICE && !self.frame_limit_reached() {
                self.run_frame();
                ran += 1;
            }
            Some(Instant::now())
        } else if let Some(audio) = self.audio.as_ref().filter(|a| a.is_alive()) {
            let (ring, rate) = (audio.ring().clone(), audio.rate());
            let target = audio_target(rate);
            loop {
                if self.frame_limit_reached() {
                    break Some(now);
                }
                let ahead = self.clock.ahead(Instant::now());
                if ahead > MAX_AHEAD {
                    break Some(Instant::now() + (ahead - MAX_AHEAD));
                }
                match audio_pace(ring.len(), target, rate) {
                    AudioPace::Run if ran < MAX_CATCH_UP_FRAMES => {
                        self.run_frame();
                        ran += 1;
                    }
                    AudioPace::Run => break Some(Instant::now()),
                    AudioPace::Wait(d) => break Some(Instant::now() + d),
                }
            }
        } else {
            if self.audio.is_some() {
                // The sound card failed during play: say so once, go on by
                // the clock.
                self.audio = None;
                self.session.machine_mut().set_audio_capture(false);
                self.messages.show("SOUND FAILED", now);
                self.clock.restart(now);
            }
            while ran < MAX_CATCH_UP_FRAMES && !self.frame_limit_reached() && self.clock.due(now) {
                self.run_frame();
                ran += 1;
            }
            Some(self.clock.deadline())
        };
        if ran > 0 {
            self.redraw();
        }
        next
    }
}

impl ApplicationHandler for App<'_> {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        match self.open_window(event_loop) {
            Ok(gfx) => {
                self.gfx = Some(gfx);
                self.clock.restart(Instant::now());
            }
            Err(e) => self.fail(event_loop, e),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(_) => self.redraw(),
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.draw() {
                    self.fail(event_loop, e);
                }
            }
            WindowEvent::Focused(false) => {
                self.release_mouse();
                self.session.release_all();
            }
            WindowEvent::CursorMoved { position, .. } if self.grabbed && self.recentre => {
                let Some(gfx) = &self.gfx else {
                    return;
                };
                let centre = window_centre(&gfx.window);
                let (dx, dy) = (position.x - centre.x, position.y - centre.y);
                if dx != 0.0 || dy != 0.0 {
                    let _ = gfx.window.set_cursor_position(centre);
                    if !self.session.paused() {
                        let per = self.pixels_per_count();
                        self.session.mouse_motion(dx, dy, per);
                    }
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let button = match button {
                    winit::event::MouseButton::Left => MouseButton::Left,
                    winit::event::MouseButton::Right => MouseButton::Right,
                    _ => return,
                };
                let down = state == ElementState::Pressed;
                if self.grabbed {
                    self.session.mouse_button(button, down);
                } else if down && self.session.mouse() {
                    // The click that grabs is not the MSX's.
                    self.grab_mouse();
                }
            }
            WindowEvent::DroppedFile(path) => {
                let now = Instant::now();
                match self.session.insert_file(&path) {
                    Ok(text) => self.messages.show(text, now),
                    Err(e) => self.report(&e, now),
                }
                self.clock.restart(now);
                self.redraw();
            }
            WindowEvent::KeyboardInput {
                event,
                is_synthetic: false,
                ..
            } => {
                if event.repeat {
                    return;
                }
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                let pressed = event.state == ElementState::Pressed;
                if pressed && code == HOST_KEY && self.grabbed {
                    self.release_mouse();
                }
                // Releases go where their press went (the session knows).
                let route = if pressed {
                    keymap::route(
                        code,
                        self.session.is_held(HOST_KEY),
                        self.session.joystick(),
                    )
                } else {
                    Route::Ignored
                };
                if let Some(cmd) = self.session.key(code, pressed, route) {
                    self.command(cmd, event_loop);
                }
            }
            _ => {}
        }
    }

    fn device_event(
        &mut self,
        _event_loop: &ActiveEventLoop,
        _device: DeviceId,
        event: DeviceEvent,
    ) {
        if let DeviceEvent::MouseMotion { delta: (dx, dy) } = event {
            if self.grabbed && !self.recentre && !self.session.paused() {
                let per = self.pixels_per_count();
                self.session.mouse_motion(dx, dy, per);
            }
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        if self.frame_limit_reached() {
            event_loop.exit();
            return;
        }
        let now = Instant::now();
        let mut next = self.emulate(now);
        if let Some(expiry) = self.messages.expires().filter(|&t| t > now) {
            next = Some(next.map_or(expiry, |n| n.min(expiry)));
        } else if self.messages.expires().is_some() {
            // Just expired: draw once more without it.
            self.messages.clear();
            self.redraw();
        }
        event_loop.set_control_flow(match next {
            Some(t) => ControlFlow::WaitUntil(t),
            None => ControlFlow::Wait,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::window_title;

    #[test]
    fn titles() {
        assert_eq!(
            window_title("a.dsk", false, false, false),
            "msx play: a.dsk"
        );
        assert_eq!(
            window_title("a.dsk", true, true, false),
            "msx play: a.dsk [paused]"
        );
        assert_eq!(
            window_title("a.dsk", false, true, false),
            "msx play: a.dsk [warp]"
        );
        assert_eq!(
            window_title("a.dsk", false, false, true),
            "msx play: a.dsk [mouse: right Ctrl releases]"
        );
    }
}
