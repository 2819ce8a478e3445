//! Behaviour the differential tests cannot reach (interrupts, HALT, wait
//! states, save states) or where the oracle is known to be wrong, checked
//! against the published descriptions of the Z80.

use z80_cpu::{flag, Bus, Cpu, StateError};

/// 64 KB of RAM, a log of port traffic with the cycle of each access, and
/// a configurable interrupt acknowledge byte.
struct Sys {
    mem: Vec<u8>,
    ports: Vec<(char, u16, u8, u64)>,
    fetches: usize,
    ack: u8,
    port_in: u8,
}

impl Sys {
    fn new(code: &[u8]) -> Sys {
        let mut mem = vec![0u8; 0x10000];
        mem[..code.len()].copy_from_slice(code);
        Sys {
            mem,
            ports: Vec::new(),
            fetches: 0,
            ack: 0xFF,
            port_in: 0,
        }
    }
    fn at(mut self, addr: u16, bytes: &[u8]) -> Sys {
        self.mem[addr as usize..addr as usize + bytes.len()].copy_from_slice(bytes);
        self
    }
}

impl Bus for Sys {
    fn read(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.mem[addr as usize]
    }
    fn write(&mut self, addr: u16, value: u8, _cycle: u64) {
        self.mem[addr as usize] = value;
    }
    fn fetch(&mut self, addr: u16, _cycle: u64) -> u8 {
        self.fetches += 1;
        self.mem[addr as usize]
    }
    fn input(&mut self, port: u16, cycle: u64) -> u8 {
        self.ports.push(('i', port, self.port_in, cycle));
        self.port_in
    }
    fn output(&mut self, port: u16, value: u8, cycle: u64) {
        self.ports.push(('o', port, value, cycle));
    }
    fn int_ack(&mut self, _cycle: u64) -> u8 {
        self.ack
    }
}

fn cpu_at(pc: u16) -> Cpu {
    let mut cpu = Cpu::new();
    cpu.regs.pc = pc;
    cpu.regs.sp = 0xF000;
    cpu
}

// ----- DAA ------------------------------------------------------------------

/// DAA from the table in Sean Young's "The Undocumented Z80 Documented"
/// (section 4.7), written independently of the core: the correction from
/// C, the high and low nibble and H; the new C from the same; the new H from
/// N, H and the low nibble.
fn daa_reference(a: u8, f: u8) -> (u8, u8) {
    let (c, h, n) = (f & 1 != 0, f & 0x10 != 0, f & 2 != 0);
    let (hi, lo) = (a >> 4, a & 0x0F);
    let diff = match (c, h) {
        (false, false) if hi <= 9 && lo <= 9 => 0x00,
        (false, true) if hi <= 9 && lo <= 9 => 0x06,
        (false, _) if hi <= 8 && lo >= 0xA => 0x06,
        (false, false) if hi >= 0xA && lo <= 9 => 0x60,
        (true, false) if lo <= 9 => 0x60,
        (true, true) if lo <= 9 => 0x66,
        (true, _) => 0x66,
        (false, _) if hi >= 9 && lo >= 0xA => 0x66,
        (false, true) => 0x66, // hi a-f, lo 0-9
        (false, false) => unreachable!(),
    };
    let new_c = c || (hi >= 9 && lo >= 0xA) || (hi >= 0xA && lo <= 9);
    let new_h = if n { h && lo <= 5 } else { lo >= 0xA };
    let r = if n {
        a.wrapping_sub(diff)
    } else {
        a.wrapping_add(diff)
    };
    let mut nf = (r & 0xA8) | (f & 2) | new_c as u8 | ((new_h as u8) << 4);
    if r == 0 {
        nf |= 0x40;
    }
    if r.count_ones() % 2 == 0 {
        nf |= 0x04;
    }
    (r, nf)
}

#[test]
fn daa_matches_the_reference_table_for_all_inputs() {
    for a in 0..=255u8 {
        for bits in 0..8u8 {
            // C, N, H in every combination; the other bits set to show they
            // do not matter.
            let f = (bits & 1) | (bits & 2) | ((bits & 4) << 2) | 0xA8;
            let mut sys = Sys::new(&[0x27]);
            let mut cpu = cpu_at(0);
            cpu.regs.a = a;
            cpu.regs.f = f;
            assert_eq!(cpu.step(&mut sys), 4);
            let expect = daa_reference(a, f);
            assert_eq!(
                (cpu.regs.a, cpu.regs.f),
                expect,
                "DAA with A={a:#04x} F={f:#04x}"
            );
        }
    }
}

// ----- interrupts -------------------------------------------------------------

#[test]
fn ei_delays_acceptance_by_one_instruction_and_im1_takes_13_t_states() {
    // EI ; NOP ; NOP
    let mut sys = Sys::new(&[0xFB, 0x00, 0x00]);
    let mut cpu = cpu_at(0);
    cpu.regs.im = 1;
    cpu.set_int_line(true);
    assert_eq!(cpu.step(&mut sys), 4); // EI
    assert!(cpu.regs.iff1 && cpu.regs.iff2);
    assert_eq!(cpu.step(&mut sys), 4); // the NOP after EI still runs
    assert_eq!(cpu.regs.pc, 2);
    assert_eq!(cpu.step(&mut sys), 13); // then the interrupt
    assert_eq!(cpu.regs.pc, 0x0038);
    assert_eq!(cpu.regs.wz, 0x0038);
    assert_eq!(cpu.regs.sp, 0xEFFE);
    assert_eq!(&sys.mem[0xEFFE..0xF000], &[0x02, 0x00]);
    assert!(!cpu.regs.iff1 && !cpu.regs.iff2);
}

#[test]
fn a_chain_of_ei_keeps_interrupts_out_until_the_instruction_after_the_last() {
    let mut sys = Sys::new(&[0xFB, 0xFB, 0xFB, 0x00, 0x00]);
    let mut cpu = cpu_at(0);
    cpu.regs.im = 1;
    cpu.set_int_line(true);
    for expected_pc in [1, 2, 3, 4] {
        cpu.step(&mut sys);
        assert_eq!(cpu.regs.pc, expected_pc);
    }
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.pc, 0x38);
}

#[test]
fn the_int_line_is_level_triggered_and_masked_by_di() {
    let mut sys = Sys::new(&[0xF3, 0x00, 0x00, 0x00]);
    let mut cpu = cpu_at(0);
    cpu.regs.iff1 = true;
    cpu.regs.iff2 = true;
    cpu.regs.im = 1;
    cpu.step(&mut sys); // DI
    cpu.set_int_line(true);
    cpu.step(&mut sys);
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.pc, 3, "no interrupt while disabled");
}

#[test]
fn im2_reads_the_vector_from_i_and_the_bus_byte() {
    let mut sys = Sys::new(&[0x00]).at(0x8020, &[0x34, 0x12]);
    sys.ack = 0x20;
    let mut cpu = cpu_at(0);
    cpu.regs.im = 2;
    cpu.regs.i = 0x80;
    cpu.regs.iff1 = true;
    cpu.set_int_line(true);
    assert_eq!(cpu.step(&mut sys), 19);
    assert_eq!(cpu.regs.pc, 0x1234);
    assert_eq!(cpu.regs.wz, 0x1234);
}

#[test]
fn im0_executes_the_rst_on_the_bus_in_13_t_states() {
    let mut sys = Sys::new(&[0x00]);
    sys.ack = 0xEF; // RST 28h
    let mut cpu = cpu_at(0x4000);
    cpu.regs.im = 0;
    cpu.regs.iff1 = true;
    cpu.set_int_line(true);
    assert_eq!(cpu.step(&mut sys), 13);
    assert_eq!(cpu.regs.pc, 0x0028);
    assert_eq!(&sys.mem[0xEFFE..0xF000], &[0x00, 0x40]);
}

#[test]
fn m1_wait_states_also_apply_to_the_interrupt_acknowledge() {
    let mut sys = Sys::new(&[0x00]);
    let mut cpu = cpu_at(0);
    cpu.set_m1_wait_states(1);
    cpu.regs.im = 1;
    cpu.regs.iff1 = true;
    cpu.set_int_line(true);
    assert_eq!(cpu.step(&mut sys), 14);
}

#[test]
fn nmi_ignores_iff1_keeps_iff2_and_retn_restores_it() {
    // 0x0000: NOP ; 0x0066: RETN
    let mut sys = Sys::new(&[0x00, 0x00]).at(0x0066, &[0xED, 0x45]);
    let mut cpu = cpu_at(0);
    cpu.regs.iff1 = true;
    cpu.regs.iff2 = true;
    cpu.nmi();
    assert!(cpu.nmi_pending());
    assert_eq!(cpu.step(&mut sys), 11);
    assert_eq!(cpu.regs.pc, 0x0066);
    assert!(!cpu.regs.iff1 && cpu.regs.iff2);
    assert_eq!(cpu.step(&mut sys), 14); // RETN
    assert_eq!(cpu.regs.pc, 0);
    assert!(cpu.regs.iff1);
    // With interrupts disabled the NMI is still taken.
    cpu.regs.iff1 = false;
    cpu.nmi();
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.pc, 0x0066);
}

#[test]
fn halt_repeats_m1_cycles_until_an_interrupt_which_returns_past_the_halt() {
    // EI ; HALT ; NOP
    let mut sys = Sys::new(&[0xFB, 0x76, 0x00]);
    let mut cpu = cpu_at(0);
    cpu.regs.im = 1;
    cpu.step(&mut sys);
    cpu.step(&mut sys);
    assert!(cpu.regs.halted);
    assert_eq!(cpu.regs.pc, 2, "PC points past the HALT");
    let r = cpu.regs.r;
    for _ in 0..10 {
        assert_eq!(cpu.step(&mut sys), 4);
    }
    assert_eq!(cpu.regs.r, r + 10, "each halted M1 cycle refreshes");
    cpu.set_int_line(true);
    assert_eq!(cpu.step(&mut sys), 13);
    assert!(!cpu.regs.halted);
    assert_eq!(&sys.mem[0xEFFE..0xF000], &[0x02, 0x00]);
}

#[test]
fn run_skips_halted_time_exactly_like_stepping() {
    let mut a_sys = Sys::new(&[0x76]);
    let mut b_sys = Sys::new(&[0x76]);
    let mut a = cpu_at(0);
    a.set_m1_wait_states(1);
    a.regs.r = 0x80;
    let mut b = a.clone();
    a.run(&mut a_sys, 100_003);
    while b.cycles() < 100_003 {
        b.step(&mut b_sys);
    }
    assert_eq!(a, b);
}

#[test]
fn run_takes_ei_shadows_exactly_like_stepping() {
    // EI ; EI ; INC A ; DI ; EI ; INC IX ; EI ; LD A,I ; EI ; HALT ; JP 0,
    // and at 38h: EI ; RET (the RET runs in the shadow).
    let mut code = vec![
        0xFB, 0xFB, 0x3C, 0xF3, 0xFB, 0xDD, 0x23, 0xFB, 0xED, 0x57, 0xFB, 0x76, 0xC3, 0x00, 0x00,
    ];
    code.resize(0x38, 0);
    code.extend_from_slice(&[0xFB, 0xC9]);
    let mut a_sys = Sys::new(&code);
    let mut b_sys = Sys::new(&code);
    let mut a = cpu_at(0);
    a.regs.im = 1;
    a.set_m1_wait_states(1);
    let mut b = a.clone();
    let mut until = 0;
    for stretch in 0..400u64 {
        // The INT line goes up and down between stretches, as a VDP's does.
        let line = stretch % 3 != 0;
        a.set_int_line(line);
        b.set_int_line(line);
        until += 7 + stretch % 23;
        a.run(&mut a_sys, until);
        while b.cycles() < until {
            b.step(&mut b_sys);
        }
        assert_eq!(a, b, "stretch {stretch}");
    }
    assert_eq!(a_sys.mem, b_sys.mem);
}

#[test]
fn retn_enabling_interrupts_takes_a_waiting_int_at_once_in_run_as_in_step() {
    // With /INT held and interrupts disabled, a DI loop runs untouched
    // (run keeps its fast path); RETN copies IFF2 = 1 into IFF1 and the
    // waiting interrupt is accepted right after it, before the NOPs at
    // the return address.
    // 0: LD B,20 ; DJNZ -2 ; RETN      100h: NOP NOP ...
    let code = [0x06, 0x14, 0x10, 0xFE, 0xED, 0x45];
    let mut a_sys = Sys::new(&code).at(0xFFF0, &[0x00, 0x01]);
    let mut b_sys = Sys::new(&code).at(0xFFF0, &[0x00, 0x01]);
    let mut a = cpu_at(0);
    a.regs.sp = 0xFFF0;
    a.regs.im = 1;
    a.regs.iff1 = false;
    a.regs.iff2 = true;
    a.set_int_line(true);
    let mut b = a.clone();
    // LD B (7) + 19 DJNZ taken (13) + DJNZ (8) + RETN (14) + the interrupt.
    let until = 7 + 19 * 13 + 8 + 14 + 1;
    a.run(&mut a_sys, until);
    while b.cycles() < until {
        b.step(&mut b_sys);
    }
    assert_eq!(a, b);
    assert_eq!(a.regs.pc, 0x38, "the interrupt came right after RETN");
    // RETN popped 100h, the interrupt pushed it back.
    assert_eq!(a.regs.sp, 0xFFF0);
    assert_eq!(&a_sys.mem[0xFFF0..0xFFF2], &[0x00, 0x01]);
}

#[test]
fn ld_a_i_reports_iff2_and_an_interrupt_right_after_it_clears_p_v() {
    // EI ; LD A,I ; NOP
    let mut sys = Sys::new(&[0xFB, 0xED, 0x57, 0x00]);
    let mut cpu = cpu_at(0);
    cpu.regs.i = 0x28;
    cpu.regs.im = 1;
    cpu.step(&mut sys);
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.f & flag::PV, flag::PV);
    // X and Y are bits 3 and 5 of the value loaded.
    assert_eq!(cpu.regs.f & flag::XY, 0x28);
    cpu.set_int_line(true);
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.pc, 0x38);
    assert_eq!(cpu.regs.f & flag::PV, 0, "NMOS quirk: P/V reset");
}

#[test]
fn no_interrupt_between_prefixes_and_a_memory_full_of_dd_cannot_hang_step() {
    let mut sys = Sys::new(&[]);
    sys.mem.fill(0xDD);
    let mut cpu = cpu_at(0);
    cpu.regs.im = 1;
    cpu.regs.iff1 = true;
    cpu.set_int_line(true);
    // The first step takes the interrupt (before any prefix).
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.pc, 0x38);
    assert_eq!(cpu.step(&mut sys), 8); // DD DD: the second one is pending
    assert!(cpu.in_prefix());
    cpu.regs.iff1 = true;
    for _ in 0..1000 {
        let t = cpu.step(&mut sys);
        assert!(t == 8 || t == 4, "a prefix is 4 T-states, got {t}");
        assert!(
            cpu.in_prefix(),
            "inside a prefix chain no interrupt is taken"
        );
    }
    cpu.run(&mut sys, cpu.cycles() + 10_000);
}

// ----- wait states and timing --------------------------------------------------

/// Each instruction of each prefix group, run with 0 and with 1 M1 wait
/// state: the difference must equal the number of M1 fetches it made, 1
/// without prefix and 2 with CB, ED, DD, FD and DD CB / FD CB.
#[test]
fn m1_wait_states_are_added_once_per_opcode_fetch() {
    let groups: [(&[u8], u32); 6] = [
        (&[], 1),
        (&[0xCB], 2),
        (&[0xED], 2),
        (&[0xDD], 2),
        (&[0xFD], 2),
        (&[0xDD, 0xCB, 0x05], 2),
    ];
    for (prefix, m1) in groups {
        for op in 0..=255u8 {
            if prefix.is_empty() && matches!(op, 0xCB | 0xED | 0xDD | 0xFD) {
                continue;
            }
            if prefix.len() == 1
                && matches!(prefix[0], 0xDD | 0xFD)
                && matches!(op, 0xCB | 0xED | 0xDD | 0xFD)
            {
                continue;
            }
            let mut code = prefix.to_vec();
            code.push(op);
            code.extend_from_slice(&[0x00, 0x00, 0x00]);
            let run = |waits: u8| {
                let mut sys = Sys::new(&code);
                let mut cpu = cpu_at(0);
                cpu.regs.set_bc(1); // block instructions: one iteration
                cpu.regs.f = 0; // conditions: NZ, NC, PO, P taken
                cpu.set_m1_wait_states(waits);
                let t = cpu.step(&mut sys);
                (t, sys.fetches as u32)
            };
            let (t0, fetches) = run(0);
            let (t1, _) = run(1);
            assert_eq!(fetches, m1, "fetches of {code:02X?}");
            assert_eq!(t1 - t0, m1, "wait states of {code:02X?}");
        }
    }
}

#[test]
fn the_bus_sees_the_cycle_of_each_io_machine_cycle() {
    // IN A,(98h) ; OUT (C),B ; OTIR (B = 2)
    let mut sys = Sys::new(&[0xDB, 0x98, 0xED, 0x41, 0xED, 0xB3]).at(0x9000, &[1, 2]);
    let mut cpu = cpu_at(0);
    cpu.set_m1_wait_states(1);
    cpu.regs.set_bc(0x0299);
    cpu.regs.set_hl(0x9000);
    cpu.set_cycles(1000);
    cpu.step(&mut sys); // M1 5, n 3: the port cycle starts at +8
    cpu.step(&mut sys); // 11 + 1 T: at 1012; M1 5 + M1 5: port at +10
    cpu.step(&mut sys); // 12 + 2 T: at 1026; M1 5, M1 6, read 3: port at +14
    cpu.step(&mut sys); // 21 + 2 T: at 1049
    let cycles: Vec<u64> = sys.ports.iter().map(|p| p.3).collect();
    assert_eq!(cycles, vec![1008, 1022, 1040, 1063]);
    assert_eq!(cpu.cycles(), 1049 + 18);
    // OTIR puts B after the decrement on the high address lines.
    assert_eq!(sys.ports[2].1, 0x0199);
    assert_eq!(sys.ports[3].1, 0x0099);
}

// ----- instructions where the oracle is wrong --------------------------------------

#[test]
fn in_r_c_sets_all_flags_from_the_byte_and_memptr_to_bc_plus_1() {
    let mut sys = Sys::new(&[0xED, 0x50]); // IN D,(C)
    sys.port_in = 0x28;
    let mut cpu = cpu_at(0);
    cpu.regs.set_bc(0x12FF);
    cpu.regs.f = flag::C;
    assert_eq!(cpu.step(&mut sys), 12);
    assert_eq!(cpu.regs.d, 0x28);
    assert_eq!(cpu.regs.f, 0x28 | flag::PV | flag::C);
    assert_eq!(cpu.regs.wz, 0x1300);
}

#[test]
fn outd_flags_use_l_after_the_decrement_and_memptr_bc_minus_1() {
    // OUTD with (HL) = 0xF0, HL = 0x9010 -> L = 0x0F afterwards:
    // k = 0xF0 + 0x0F = 0xFF: no carry. With L + 1 (0x10) it would carry.
    let mut sys = Sys::new(&[0xED, 0xAB]).at(0x9010, &[0xF0]);
    let mut cpu = cpu_at(0);
    cpu.regs.set_bc(0x0510);
    cpu.regs.set_hl(0x9010);
    assert_eq!(cpu.step(&mut sys), 16);
    assert_eq!(cpu.regs.hl(), 0x900F);
    assert_eq!(cpu.regs.b, 4);
    assert_eq!(cpu.regs.f & (flag::C | flag::H), 0);
    assert_eq!(cpu.regs.f & flag::N, flag::N); // bit 7 of the byte
                                               // P/V = parity((k & 7) ^ B) = parity(7 ^ 4) = parity(3): even.
    assert_eq!(cpu.regs.f & flag::PV, flag::PV);
    assert_eq!(cpu.regs.wz, 0x040F);
    assert_eq!(sys.ports[0].1, 0x0410);
}

#[test]
fn memptr_rules_of_ld_nn_ix_and_jp_ix() {
    // LD (8000h),IX ; JP (IX)
    let mut sys = Sys::new(&[0xDD, 0x22, 0x00, 0x80, 0xDD, 0xE9]);
    let mut cpu = cpu_at(0);
    cpu.regs.ix = 0x4000;
    assert_eq!(cpu.step(&mut sys), 20);
    assert_eq!(cpu.regs.wz, 0x8001);
    assert_eq!(cpu.step(&mut sys), 8);
    assert_eq!(cpu.regs.pc, 0x4000);
    assert_eq!(cpu.regs.wz, 0x8001, "JP (IX) leaves MEMPTR alone");
}

#[test]
fn bit_n_hl_takes_x_and_y_from_memptr() {
    // LD A,(2800h) -> MEMPTR = 2801h ; BIT 0,(HL)
    let mut sys = Sys::new(&[0x3A, 0x00, 0x28, 0xCB, 0x46]);
    let mut cpu = cpu_at(0);
    cpu.regs.set_hl(0x9000);
    cpu.step(&mut sys);
    assert_eq!(cpu.step(&mut sys), 12);
    assert_eq!(cpu.regs.f & flag::XY, 0x28);
    assert_eq!(cpu.regs.f & flag::Z, flag::Z);
}

#[test]
fn scf_and_ccf_take_x_y_from_q_f_and_a() {
    // After POP AF (which does not count as a flag change, Q = 0), SCF sees
    // (0 ^ F) | A: F's X/Y survive. After OR A (Q = F), only A's count.
    // POP AF ; SCF ; POP AF ; OR A ; SCF
    let mut sys = Sys::new(&[0xF1, 0x37, 0xF1, 0xB7, 0x37]).at(0x9000, &[0x28, 0x00, 0x28, 0x00]);
    let mut cpu = cpu_at(0);
    cpu.regs.sp = 0x9000;
    cpu.step(&mut sys);
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.f & flag::XY, 0x28);
    assert_eq!(cpu.regs.f & flag::C, flag::C);
    cpu.step(&mut sys);
    cpu.step(&mut sys);
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.f & flag::XY, 0x00);
    // CCF after CCF: the first wrote F, so Q = F for the second.
    let mut sys = Sys::new(&[0x3F, 0x3F]);
    let mut cpu = cpu_at(0);
    cpu.regs.a = 0x08;
    cpu.regs.f = 0x20;
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.f & flag::XY, 0x28); // (0 ^ 0x20) | 0x08
    assert_eq!(cpu.regs.f & (flag::C | flag::H), flag::C);
    cpu.step(&mut sys);
    assert_eq!(cpu.regs.f & flag::XY, 0x08); // (F ^ F) | A
    assert_eq!(cpu.regs.f & (flag::C | flag::H), flag::H);
}

#[test]
fn r_counts_m1_cycles_in_seven_bits_and_keeps_bit_7() {
    // LD A,0FFh ; LD R,A ; NOP ; DD 21 nn nn ; CB 00 ; LD A,R
    let mut sys = Sys::new(&[
        0x3E, 0xFF, 0xED, 0x4F, 0x00, 0xDD, 0x21, 0, 0, 0xCB, 0x00, 0xED, 0x5F,
    ]);
    let mut cpu = cpu_at(0);
    for _ in 0..6 {
        cpu.step(&mut sys);
    }
    // After LD R,A: R = FF; NOP +1, DD 21 +2, CB 00 +2, ED 5F +2 -> 7 more.
    assert_eq!(cpu.regs.a, 0x80 | (0x7F_u8.wrapping_add(7) & 0x7F));
}

// ----- block instructions ------------------------------------------------------------

#[test]
fn ldir_copies_with_21_t_states_per_repeat_and_16_for_the_last() {
    let mut sys = Sys::new(&[0xED, 0xB0, 0x00]).at(0x9000, &[1, 2, 3, 4]);
    let mut cpu = cpu_at(0);
    cpu.regs.set_hl(0x9000);
    cpu.regs.set_de(0xA000);
    cpu.regs.set_bc(4);
    cpu.regs.a = 0;
    let mut t = 0;
    while cpu.regs.pc == 0 {
        t += cpu.step(&mut sys);
    }
    assert_eq!(t, 3 * 21 + 16);
    assert_eq!(&sys.mem[0xA000..0xA004], &[1, 2, 3, 4]);
    assert_eq!(cpu.regs.bc(), 0);
    assert_eq!(cpu.regs.f & flag::PV, 0);
    // X/Y of the last iteration: A + byte = 4: bit 1 -> Y clear, bit 3 clear.
    assert_eq!(cpu.regs.f & flag::XY, 0);
}

#[test]
fn a_repeating_block_instruction_shows_pc_bits_in_x_and_y() {
    // LDIR at 2800h, BC = 2: after the first iteration PC is back at 2800h
    // and X/Y are bits 11 and 13 of it (both set).
    let mut sys = Sys::new(&[]).at(0x2800, &[0xED, 0xB0]);
    let mut cpu = cpu_at(0x2800);
    cpu.regs.set_hl(0x9000);
    cpu.regs.set_de(0xA000);
    cpu.regs.set_bc(2);
    assert_eq!(cpu.step(&mut sys), 21);
    assert_eq!(cpu.regs.pc, 0x2800);
    assert_eq!(cpu.regs.f & flag::XY, flag::XY);
    assert_eq!(cpu.regs.wz, 0x2801);
}

#[test]
fn cpir_stops_on_a_match_and_inir_otir_count_b_down() {
    let mut sys = Sys::new(&[0xED, 0xB1]).at(0x9000, &[5, 6, 7, 8]);
    let mut cpu = cpu_at(0);
    cpu.regs.set_hl(0x9000);
    cpu.regs.set_bc(10);
    cpu.regs.a = 7;
    let mut t = 0;
    while cpu.regs.pc == 0 {
        t += cpu.step(&mut sys);
    }
    assert_eq!(t, 2 * 21 + 16);
    assert_eq!(cpu.regs.hl(), 0x9003);
    assert_eq!(cpu.regs.bc(), 7);
    assert_eq!(cpu.regs.f & (flag::Z | flag::PV), flag::Z | flag::PV);

    // INIR with B = 3 from port 0x98.
    let mut sys = Sys::new(&[0xED, 0xB2]);
    sys.port_in = 0x42;
    let mut cpu = cpu_at(0);
    cpu.regs.set_bc(0x0398);
    cpu.regs.set_hl(0x9000);
    while cpu.regs.pc == 0 {
        cpu.step(&mut sys);
    }
    assert_eq!(&sys.mem[0x9000..0x9003], &[0x42; 3]);
    assert_eq!(cpu.regs.b, 0);
    assert_eq!(cpu.regs.f & flag::Z, flag::Z);
    let ports: Vec<u16> = sys.ports.iter().map(|p| p.1).collect();
    assert_eq!(ports, vec![0x0398, 0x0298, 0x0198]);
    assert_eq!(cpu.regs.wz, 0x0199, "as INI on the last iteration");
}

// ----- state ------------------------------------------------------------------------

#[test]
fn a_saved_state_resumes_identically() {
    let code = [
        0x21, 0x00, 0x90, 0x06, 0x10, 0x7E, 0x87, 0x77, 0x23, 0x10, 0xFA, 0x18, 0xF3,
    ];
    let mut sys = Sys::new(&code);
    let mut cpu = cpu_at(0);
    cpu.set_m1_wait_states(1);
    cpu.regs.ix = 0x1234;
    cpu.run(&mut sys, 5_000);
    let saved = cpu.save_state();
    assert_eq!(saved.len(), Cpu::STATE_LEN);
    let mut restored = Cpu::load_state(&saved).expect("valid state");
    assert_eq!(restored, cpu);
    let mut sys2 = Sys::new(&code);
    sys2.mem.copy_from_slice(&sys.mem);
    cpu.run(&mut sys, 20_000);
    restored.run(&mut sys2, 20_000);
    assert_eq!(restored, cpu);
    assert_eq!(sys.mem, sys2.mem);
}

#[test]
fn bad_states_are_rejected_with_their_offset() {
    let good = Cpu::new().save_state();
    assert_eq!(
        Cpu::load_state(&good[..10]),
        Err(StateError::WrongLength {
            expected: Cpu::STATE_LEN,
            found: 10
        })
    );
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(Cpu::load_state(&bad), Err(StateError::BadMagic));
    let mut bad = good.clone();
    bad[4] = 9;
    assert_eq!(
        Cpu::load_state(&bad),
        Err(StateError::UnsupportedVersion(9))
    );
    let mut bad = good.clone();
    bad[31] = 2;
    assert_eq!(
        Cpu::load_state(&bad),
        Err(StateError::InvalidValue {
            field: "IFF1",
            offset: 31,
            value: 2
        })
    );
    let mut bad = good;
    bad[33] = 3;
    assert!(matches!(
        Cpu::load_state(&bad),
        Err(StateError::InvalidValue { offset: 33, .. })
    ));
}

#[test]
fn run_returns_early_when_the_bus_asks_and_interrupt_due_predicts_acceptance() {
    struct Stopper {
        sys: Sys,
        stop_after_out: bool,
    }
    impl Bus for Stopper {
        fn read(&mut self, addr: u16, cycle: u64) -> u8 {
            self.sys.read(addr, cycle)
        }
        fn write(&mut self, addr: u16, value: u8, cycle: u64) {
            self.sys.write(addr, value, cycle)
        }
        fn input(&mut self, port: u16, cycle: u64) -> u8 {
            self.sys.input(port, cycle)
        }
        fn output(&mut self, port: u16, value: u8, cycle: u64) {
            self.stop_after_out = true;
            self.sys.output(port, value, cycle)
        }
        fn stop_run(&mut self) -> bool {
            std::mem::take(&mut self.stop_after_out)
        }
    }
    // NOP ; NOP ; OUT (99h),A ; NOP ...
    let mut bus = Stopper {
        sys: Sys::new(&[0x00, 0x00, 0xD3, 0x99]),
        stop_after_out: false,
    };
    let mut cpu = cpu_at(0);
    cpu.run(&mut bus, 1_000);
    assert_eq!(cpu.regs.pc, 4, "stopped right after the OUT");
    assert_eq!(cpu.cycles(), 4 + 4 + 11);

    cpu.regs.iff1 = true;
    assert!(!cpu.interrupt_due());
    cpu.set_int_line(true);
    assert!(cpu.interrupt_due());
    cpu.regs.ei_delay = true;
    assert!(!cpu.interrupt_due());
    cpu.nmi();
    assert!(cpu.interrupt_due());
}

/// T-states with the MSX's M1 wait state, as listed in the "Z80+M1"
/// column of the MSX Assembly Page instruction table (map.grauw.nl).
#[test]
fn msx_timings_with_one_m1_wait_state() {
    let table: &[(&[u8], u32)] = &[
        (&[0x00], 5),                    // NOP
        (&[0x7E], 8),                    // LD A,(HL)
        (&[0xDD, 0x36, 0x05, 0x11], 21), // LD (IX+5),11h
        (&[0xDD, 0x34, 0x05], 25),       // INC (IX+5)
        (&[0xD3, 0x98], 12),             // OUT (98h),A
        (&[0xED, 0x78], 14),             // IN A,(C)
        (&[0xCD, 0x00, 0x40], 18),       // CALL 4000h
        (&[0xC9], 11),                   // RET
        (&[0xE5], 12),                   // PUSH HL
        (&[0xE1], 11),                   // POP HL
        (&[0xE3], 20),                   // EX (SP),HL
        (&[0xDD, 0xE3], 25),             // EX (SP),IX
        (&[0x18, 0x00], 13),             // JR
        (&[0x28, 0x00], 8),              // JR Z (not taken, F = 0)
        (&[0x10, 0x00], 14),             // DJNZ (B = 0 -> FF, taken)
        (&[0xDD, 0xCB, 0x05, 0x46], 22), // BIT 0,(IX+5)
        (&[0xDD, 0xCB, 0x05, 0xC6], 25), // SET 0,(IX+5)
        (&[0xCB, 0x46], 14),             // BIT 0,(HL)
        (&[0xED, 0x6F], 20),             // RLD
        (&[0xED, 0x57], 11),             // LD A,I
        (&[0xED, 0x44], 10),             // NEG
        (&[0xDD, 0x09], 17),             // ADD IX,BC
        (&[0xDD, 0xE9], 10),             // JP (IX)
        (&[0xDD, 0xF9], 12),             // LD SP,IX
        (&[0xED, 0xA3], 18),             // OUTI
        (&[0xED, 0xB0], 23),             // LDIR, repeating (BC = 0 -> FFFF)
        (&[0x76], 5),                    // HALT
    ];
    for (code, expect) in table {
        let mut sys = Sys::new(code);
        let mut cpu = cpu_at(0);
        cpu.set_m1_wait_states(1);
        cpu.regs.f = 0;
        assert_eq!(cpu.step(&mut sys), *expect, "{code:02X?}");
    }
}

/// Random programs made of the instructions that decide when an interrupt
/// is taken (EI, DI, RETN, RETI, HALT, LD A,I/R, DD prefixes) between
/// plain ones, with /INT going up and down at random moments and IFF1 set
/// by hand now and then: `run` (which keeps a waiting /INT with IFF1 clear
/// off its `attention` byte) takes every interrupt at the same instruction
/// as `step` (which looks at the line and IFF1 before every instruction).
#[test]
fn run_takes_interrupts_at_the_same_instruction_as_step_over_random_programs() {
    const PIECES: &[&[u8]] = &[
        &[0x00],       // NOP
        &[0x3C],       // INC A
        &[0xFB],       // EI
        &[0xF3],       // DI
        &[0xED, 0x45], // RETN
        &[0xED, 0x4D], // RETI
        &[0x76],       // HALT
        &[0xED, 0x57], // LD A,I
        &[0xED, 0x5F], // LD A,R
        &[0xDD, 0x23], // INC IX
        &[0xDD],       // a lone prefix (the next piece runs with it)
        &[0xC5],       // PUSH BC (return addresses for RETN/RETI)
        &[0x18, 0x03], // JR +3
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for program in 0..60 {
        let mut mem = Vec::with_capacity(0x10000);
        while mem.len() < 0x10000 {
            // Mostly plain instructions, so handlers run for a while with
            // the line still asserted.
            let r = next();
            let piece = if r % 3 == 0 {
                PIECES[(r >> 8) as usize % PIECES.len()]
            } else {
                &[0x00][..]
            };
            mem.extend_from_slice(piece);
        }
        mem.truncate(0x10000);
        let mut a_sys = Sys::new(&mem);
        a_sys.ack = 0xFF; // RST 38h in IM 0, a vector low byte in IM 2
        let mut b_sys = Sys::new(&mem);
        b_sys.ack = 0xFF;
        let mut a = cpu_at(0);
        a.regs.im = (next() % 3) as u8;
        a.set_m1_wait_states(1);
        let mut b = a.clone();
        let mut until = 0;
        for stretch in 0..300 {
            let r = next();
            if r & 3 == 0 {
                let line = r & 4 != 0;
                a.set_int_line(line);
                b.set_int_line(line);
            }
            if r & 0x78 == 0 {
                // The caller may set IFF1 between calls.
                let iff1 = r & 0x80 != 0;
                a.regs.iff1 = iff1;
                b.regs.iff1 = iff1;
            }
            until += 1 + (r >> 16) % 60;
            a.run(&mut a_sys, until);
            while b.cycles() < until {
                b.step(&mut b_sys);
            }
            assert_eq!(a, b, "program {program}, stretch {stretch}");
        }
        assert_eq!(a_sys.mem, b_sys.mem, "program {program}");
    }
}
