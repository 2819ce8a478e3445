#!/usr/bin/env python3
"""Run the toolchain over a corpus of real MSX programs and tabulate what happens.

For each program in a folder (see docs/corpus.md for the corpus itself):

  tokenize  BASIC only: `msx basic tokenize`, then `msx basic list --round-trip` and
            tokenize again; "ok" when the bytes come back the same
  build     `msx build` into a disk image: BASIC compiled (`--compile`) or, with
            --mode interpreted, the disk MSX-BASIC runs (the program and an
            AUTOEXEC.BAS); Pascal with `--dos`, as the programs are MSX-DOS
            programs; "built" or the compiler's first error line
  run       `msx run` of the disk for N frames with --text and --png; "ran" unless an
            MSX-BASIC or Turbo Pascal run-time error message is on the screen
  size      BASIC compiled: the tokenized program's size (the file `msx basic
            tokenize` writes, as MSX saves it), the compiled program's (code,
            constants and DATA: everything the disk loads, from 4000h to the
            variables) and their ratio; --sizes adds where the bytes go

A program is a source file at the top of the folder (.bas .asc .txt .ldr .pas), or a
subfolder holding one program with its include and data files: the main file is the
one named after the folder, else the only source file, else the one that looks like a
main program. Data files next to a BASIC program are put on its disk with --add.

Prints a Markdown table and a summary on stdout; writes results.json (and the disks,
screens, PNGs and logs) into the output folder.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

BASIC_EXT = ('.bas', '.asc', '.txt', '.ldr')
PASCAL_EXT = ('.pas',)
DEFAULT_FOLDERS = ['/work/corpus/basic', '/work/corpus/pascal']

# MSX-BASIC's error messages (the ROM's table, codes 1-25 and 50-71, as the
# interpreter prints them before " in <line>").
BASIC_ERRORS = [
    'NEXT without FOR', 'Syntax error', 'RETURN without GOSUB', 'Out of DATA',
    'Illegal function call', 'Overflow', 'Out of memory', 'Undefined line number',
    'Subscript out of range', 'Redimensioned array', 'Division by zero',
    'Illegal direct', 'Type mismatch', 'Out of string space', 'String too long',
    'String formula too complex', "Can't CONTINUE", 'Undefined user function',
    'Device I/O error', 'Verify error', 'No RESUME', 'RESUME without error',
    'Unprintable error', 'Missing operand', 'Line buffer overflow',
    'FIELD overflow', 'Internal error', 'Bad file number', 'File not found',
    'File already open', 'Input past end', 'Bad file name',
    'Direct statement in file', 'Sequential I/O only', 'File not OPEN', 'Bad FAT',
    'Bad file mode', 'Bad drive name', 'Bad sector number', 'File still open',
    'File already exists', 'Disk full', 'Too many files', 'Disk write protected',
    'Disk I/O error', 'Disk offline', 'Rename across disk',
]
# Turbo Pascal 3's run-time errors as this project's runtime prints them, and
# the "Run-time error nn, PC=xxxx" form of TP3 itself.
PASCAL_ERRORS = [
    'Run-time error', 'I/O error', 'Heap/stack collision', 'Floating point overflow',
    'Division by zero', 'Sqrt argument error', 'Ln argument error',
    'Out of integer range', 'Range check error', 'Bios needs MSX-DOS', 'needs MSX-DOS',
    'String length error',
]
BASIC_RE = re.compile(r'(' + '|'.join(re.escape(e) for e in BASIC_ERRORS) + r')( in \d+)?')
PASCAL_RE = re.compile(r'(' + '|'.join(re.escape(e) for e in PASCAL_ERRORS) + r')[^\n]*')
# The name table of SCREEN 2 (0-255 three times) shown as characters: a graphic screen.
GRAPHIC_ROW = ' !"#$%&\'()*+,-./0123456789:;<=>?'


class Program:
    def __init__(self, name, lang, main, data, folder):
        self.name, self.lang, self.main, self.data, self.folder = name, lang, main, data, folder


def lang_of(path):
    ext = os.path.splitext(path)[1].lower()
    if ext in PASCAL_EXT:
        return 'pascal'
    if ext in BASIC_EXT:
        return 'basic'
    return None


def pick_main(folder, sources):
    """The main source file of a program's subfolder."""
    base = os.path.basename(folder).lower()
    for s in sources:
        if os.path.splitext(os.path.basename(s))[0].lower() == base:
            return s
    if len(sources) == 1:
        return sources[0]
    pas = [s for s in sources if lang_of(s) == 'pascal']
    for s in pas:
        with open(s, 'rb') as f:
            text = f.read().decode('latin-1')
        if re.search(r'^\s*program\b', text, re.I | re.M):
            return s
    bas = [s for s in sources if lang_of(s) == 'basic']
    if bas:
        return max(bas, key=os.path.getsize)
    return sources[0] if sources else None


def discover(folder):
    progs = []
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        if entry.startswith('.'):
            continue
        if os.path.isfile(path) and lang_of(path):
            progs.append(Program(os.path.splitext(entry)[0], lang_of(path), path, [], folder))
        elif os.path.isdir(path):
            files = sorted(os.path.join(path, f) for f in os.listdir(path)
                           if not f.startswith('.') and os.path.isfile(os.path.join(path, f)))
            sources = [f for f in files if lang_of(f)]
            main = pick_main(path, sources)
            if not main:
                continue
            lang = lang_of(main)
            # Include files (.inc, other .pas) stay where the compiler finds them;
            # everything else that is not a source goes on the disk.
            data = [f for f in files if f != main and not lang_of(f)
                    and not f.lower().endswith('.inc')]
            progs.append(Program(entry, lang, main, data, path))
    return progs


def run(cmd, timeout=300):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        return -1, '', 'timeout after %d s' % timeout


def first_error(text):
    """The first diagnostic line of msx's output, without the 'error: FILE:' prefix."""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('error:'):
            line = line[len('error:'):].strip()
            line = re.sub(r'^\S+\.(bas|asc|txt|ldr|pas|BAS|ASC|PAS|TXT|dsk|tok|lst):\s*', '', line)
            return line
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[0] if lines else ''


def cause_of(msg):
    """A failure message with its particulars (lines, columns, names, numbers) taken out."""
    m = msg
    m = re.sub(r'^line \d+(, (column|statement) \d+)?:\s*', '', m)
    m = re.sub(r"'[^']*'", "'…'", m)
    m = re.sub(r'"[^"]*"', '"…"', m)
    m = re.sub(r'U\+[0-9A-Fa-f]{4,6}', 'U+…', m)
    m = re.sub(r'\b0x[0-9a-fA-F]+\b', 'N', m)
    m = re.sub(r'(?<![-])\b\d+\b', 'N', m)
    m = re.sub(r'`[^`]*`', '`…`', m)
    return m.strip()


def png_colours(path, limit=64):
    """Number of distinct colours in a PNG (8-bit RGB/RGBA/grey/palette), up to `limit`."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return None
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        return None
    pos, idat, hdr = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            hdr = struct.unpack('>IIBBBBB', chunk)
        elif kind == b'IDAT':
            idat += chunk
        pos += 12 + n
    if not hdr:
        return None
    w, h, depth, ctype = hdr[0], hdr[1], hdr[2], hdr[3]
    bpp = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or bpp is None:
        return None
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    seen = set()
    i = 0
    for _ in range(h):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pr) & 255
        for x in range(0, stride, bpp * 4):
            seen.add(bytes(line[x:x + bpp]))
        if len(seen) >= limit:
            return len(seen)
        prev = line
    return len(seen)


def screen_kind(text):
    """'graphic' when --text shows a bitmap's name table, else 'text'."""
    if GRAPHIC_ROW in text:
        return 'graphic'
    return 'text'


def tokenize_step(msx, prog, work, r):
    tok = os.path.join(work, prog.name + '.tok')
    rc, out, err = run(msx + ['basic', 'tokenize', prog.main, '-o', tok])
    if rc != 0:
        return 'no', first_error(err + out)
    r['tok_size'] = os.path.getsize(tok)
    with open(prog.main, 'rb') as f:
        tokenized_input = f.read(1) == b'\xff'
    rc, listing, err = run(msx + ['basic', 'list', '--round-trip', tok])
    if rc != 0:
        return 'no', 'list: ' + first_error(err + listing)
    lst = os.path.join(work, prog.name + '.lst')
    with open(lst, 'w', encoding='utf-8') as f:
        f.write(listing)
    tok2 = os.path.join(work, prog.name + '.2.tok')
    rc, out, err = run(msx + ['basic', 'tokenize', lst, '-o', tok2])
    if rc != 0:
        return 'no', 'round trip: ' + first_error(err + out)
    with open(tok, 'rb') as a, open(tok2, 'rb') as b:
        same = a.read() == b.read()
    kind = 'tokenized input' if tokenized_input else ''
    if same:
        return 'ok', kind
    return 'differs', 'list/tokenize round trip changes the bytes' + (' (' + kind + ')' if kind else '')


def check_screen(text, lang):
    errs = []
    for line in text.splitlines():
        for rx in ((BASIC_RE, PASCAL_RE) if lang == 'basic' else (PASCAL_RE, BASIC_RE)):
            m = rx.search(line)
            if m:
                errs.append(m.group(0).strip())
                break
    return errs


INCLUDE_DRIVE_RE = re.compile(rb'((?:\{|\(\*)\s*\$I\s+)[A-Za-z]:', re.I)


def work_around(prog, work):
    """--work-around: a copy of a Pascal program's folder with what stops every build
    taken out: the ^Z (1Ah) that ends CP/M and MSX-DOS text files (TP3 reads up to it)
    and the drive in {$I d:file}. Returns the copy's main file and what was changed."""
    src_dir = os.path.dirname(prog.main)
    dst_dir = os.path.join(work, 'src')
    os.makedirs(dst_dir)
    changed = set()
    for n in os.listdir(src_dir):
        src = os.path.join(src_dir, n)
        if not os.path.isfile(src):
            continue
        with open(src, 'rb') as f:
            data = f.read()
        if lang_of(n) == 'pascal' or n.lower().endswith('.inc'):
            if b'\x1a' in data:
                data = data.split(b'\x1a')[0]
                changed.add('^Z cut')
            data2 = INCLUDE_DRIVE_RE.sub(rb'\1', data)
            if data2 != data:
                changed.add('drive in {$I} dropped')
                data = data2
        with open(os.path.join(dst_dir, n), 'wb') as f:
            f.write(data)
    return os.path.join(dst_dir, os.path.basename(prog.main)), sorted(changed)


def process(prog, args, msx, out_dir):
    r = {'program': prog.name, 'lang': prog.lang, 'main': prog.main,
         'data': [os.path.basename(d) for d in prog.data],
         'tokenize': '', 'build': '', 'run': '', 'note': '', 'errors': []}
    work = tempfile.mkdtemp(prefix='corpus-')
    try:
        if prog.lang == 'basic':
            r['tokenize'], note = tokenize_step(msx, prog, work, r)
            if r['tokenize'] == 'no':
                r['errors'].append(('tokenize', note))
            if note:
                r['note'] = note
        else:
            r['tokenize'] = '-'
        main = prog.main
        if args.work_around and prog.lang == 'pascal':
            main, changed = work_around(prog, work)
            r['work_around'] = changed
        if True:  # every program goes on a disk
            # BASIC: msx build makes the disk an MSX user makes (the program
            # and an AUTOEXEC.BAS, for the ROM's interpreter) unless told to
            # compile; the data files go on it either way.
            dsk = os.path.join(out_dir, prog.name + '.dsk')
            cmd = msx + ['build', main, '-o', dsk]
            if prog.lang == 'pascal':
                cmd.append('--dos')
            elif args.mode == 'compiled':
                sym = os.path.join(out_dir, prog.name + '.sym')
                cmd += ['--compile', '--sym', sym]
            for d in prog.data:
                cmd += ['--add', d]
            rc, out, err = run(cmd)
            with open(os.path.join(out_dir, prog.name + '.build.log'), 'w') as f:
                f.write(out + err)
            if r.get('work_around'):
                r['note'] = 'work-around: ' + ', '.join(r['work_around'])
            if rc != 0:
                msg = first_error(err + out)
                r['build'] = 'no'
                r['errors'].append(('build', msg))
                r['note'] = msg + ('; ' + r['note'] if r['note'] else '')
                r['run'] = '-'
                return r
            r['build'] = 'built'
            if prog.lang == 'basic' and args.mode == 'compiled':
                r['sizes'] = size_breakdown(sym)
            target = dsk
            extra = []
        if args.build_only:
            r['run'] = '-'
            return r
        png = os.path.join(out_dir, prog.name + '.png')
        cmd = msx + ['run', target, '--frames', str(args.frames), '--text', '--png', png] + extra
        rc, out, err = run(cmd)
        with open(os.path.join(out_dir, prog.name + '.screen.txt'), 'w') as f:
            f.write(out)
        if rc != 0:
            msg = first_error(err + out) or 'exit code %d' % rc
            r['run'] = 'no'
            r['errors'].append(('run', msg))
            r['note'] = msg
            return r
        kind = screen_kind(out)
        errs = check_screen(out, prog.lang)
        colours = png_colours(png)
        r['screen'] = kind
        r['colours'] = colours
        lines = [l.rstrip() for l in out.splitlines() if l.strip()]
        ended = bool(lines) and lines[-1].strip() == 'Ok'
        if errs:
            r['run'] = 'error'
            r['errors'].append(('run', errs[0]))
            r['note'] = errs[0]
        else:
            r['run'] = 'ran'
            notes = []
            if colours is not None and colours <= 1:
                notes.append('blank screen')
            notes.append(kind + ' screen')
            if ended and prog.lang == 'basic':
                notes.append('ended (Ok)')
            r['note'] = '; '.join(([r['note']] if r['note'] else []) + notes)
        return r
    finally:
        shutil.rmtree(work, ignore_errors=True)


CODE_ORIGIN = 0x4000
SYM_RE = re.compile(r'^([A-Za-z_][\w.]*): equ 0x([0-9A-Fa-f]+)$')


def size_breakdown(sym_path):
    """Where the bytes of a compiled BASIC program go, from its symbol file.

    The image runs from 4000h to `_data_end`: the generated code (`_start`,
    `main`, up to the first runtime routine), the runtime's code (to
    `_code_end`), then the read-only data: the program's constants and
    strings, its DATA table (`bx_data`), its address-to-line table
    (`rt_bas_lines`) and the runtime's own tables (other `rt_`/`bcd_` labels).
    """
    labels = {}
    try:
        with open(sym_path) as f:
            for line in f:
                m = SYM_RE.match(line.strip())
                if m and '.' not in m.group(1):
                    labels[m.group(1)] = int(m.group(2), 16)
    except OSError:
        return None
    code_end, data_end = labels.get('_code_end'), labels.get('_data_end')
    if code_end is None or data_end is None:
        return None
    runtime = lambda n: n.startswith(('rt_', 'bcd_'))
    # rt_bas_tdisp marks the trap dispatch inside the generated code.
    starts = [a for n, a in labels.items()
              if runtime(n) and n != 'rt_bas_tdisp' and CODE_ORIGIN <= a < code_end]
    gen_end = min(starts) if starts else code_end
    # Read-only data: each label's bytes run to the next label.
    ro = sorted((a, n) for n, a in labels.items()
                if code_end <= a < data_end and not n.startswith('_'))
    sizes = {'code': gen_end - CODE_ORIGIN, 'runtime': code_end - gen_end,
             'data': 0, 'lines': 0, 'rt_tables': 0, 'consts': 0, 'errtext': 0}
    # The error messages sit among the runtime's code.
    err = labels.get('rt_bas_errtext')
    if err is not None and gen_end <= err < code_end:
        after = min([a for a in labels.values() if err < a] + [code_end])
        sizes['errtext'] = after - err
        sizes['runtime'] -= sizes['errtext']
    bounds = [a for a, _ in ro] + [data_end]
    for (a, n), end in zip(ro, bounds[1:]):
        key = ('data' if n == 'bx_data' else 'lines' if n == 'rt_bas_lines'
               else 'rt_tables' if runtime(n) else 'consts')
        sizes[key] += end - a
    if ro and ro[0][0] > code_end:
        sizes['consts'] += ro[0][0] - code_end
    sizes['total'] = data_end - CODE_ORIGIN
    return sizes


def size_cells(r):
    """The tokenized size, the compiled size and their ratio, as table cells."""
    s, tok = r.get('sizes'), r.get('tok_size')
    if not s or not tok:
        return ['', '', '']
    return [str(tok), str(s['total']), '%.2f' % (s['total'] / tok)]


def median(values):
    v = sorted(values)
    n = len(v)
    return (v[n // 2] + v[(n - 1) // 2]) / 2


def size_summary(results):
    """The corpus's median and largest compiled/tokenized ratio."""
    rs = [r for r in results if r.get('sizes') and r.get('tok_size')]
    if not rs:
        return None
    ratios = [(r['sizes']['total'] / r['tok_size'], r['program']) for r in rs]
    worst = max(ratios)
    over = sum(1 for q, _ in ratios if q > 2)
    return ('size: compiled/tokenized over %d programs: median %.2f, max %.2f (%s); '
            '%d over 2' % (len(rs), median([q for q, _ in ratios]), worst[0], worst[1], over))


def find_msx(arg):
    if arg:
        return [arg]
    path = shutil.which('msx')
    if path:
        return [path]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return ['cargo', 'run', '--quiet', '--release', '--manifest-path',
            os.path.join(root, 'Cargo.toml'), '--']


def md_cell(s):
    return str(s).replace('|', '\\|').replace('\n', ' ')


def main():
    ap = argparse.ArgumentParser(
        description='Tokenize, build and run every program of a corpus folder with msx; '
                    'print a Markdown table and a summary, and write results.json.')
    ap.add_argument('folders', nargs='*', metavar='FOLDER',
                    help='corpus folders (default: %s)' % ' and '.join(DEFAULT_FOLDERS))
    ap.add_argument('--msx', metavar='PATH',
                    help="the msx binary (default: msx on PATH, else 'cargo run --release --')")
    ap.add_argument('--mode', choices=['compiled', 'interpreted'], default='compiled',
                    help='compiled: msx build --compile then msx run of the disk (default); '
                         'interpreted: the disk msx build makes by default (the program and an '
                         'AUTOEXEC.BAS, run by the ROM\'s MSX-BASIC), then msx run of it')
    ap.add_argument('--frames', type=int, default=600, help='frames to run each program (default 600)')
    ap.add_argument('--jobs', type=int, default=1, help='programs processed at once (default 1)')
    ap.add_argument('--out', default='corpus-out', metavar='DIR',
                    help='output folder for disks, PNGs, screens, logs and results.json (default ./corpus-out)')
    ap.add_argument('--json', metavar='FILE', help='results file (default OUT/results.json)')
    ap.add_argument('--work-around', action='store_true',
                    help='Pascal: build a copy of each program without the ^Z end-of-file mark and '
                         'without the drive in {$I d:file} (both stop TP3 programs from MSX-DOS '
                         'disks today), to see the errors behind them')
    ap.add_argument('--build-only', action='store_true',
                    help='tokenize and build only, without running (sizes are known after the build)')
    ap.add_argument('--sizes', action='store_true',
                    help='compiled BASIC: also print where the bytes go (generated code, '
                         'constants, line table, DATA, runtime code, runtime tables)')
    ap.add_argument('--only', metavar='NAME', action='append',
                    help='process only this program (repeatable)')
    args = ap.parse_args()

    msx = find_msx(args.msx)
    folders = args.folders or [f for f in DEFAULT_FOLDERS if os.path.isdir(f)]
    progs = []
    for folder in folders:
        progs += discover(folder)
    if args.only:
        progs = [p for p in progs if p.name in args.only]
    os.makedirs(args.out, exist_ok=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda p: process(p, args, msx, args.out), progs))

    sized = args.mode == 'compiled' and any(r.get('sizes') for r in results)
    if sized:
        print('| program | tokenize | build | run | tokenized | compiled | ratio | note |')
        print('| --- | --- | --- | --- | ---: | ---: | ---: | --- |')
    else:
        print('| program | tokenize | build | run | note |')
        print('| --- | --- | --- | --- | --- |')
    for r in results:
        cells = [r['program'], r['tokenize'], r['build'], r['run']]
        if sized:
            cells += size_cells(r)
        cells.append(r['note'])
        print('| ' + ' | '.join(md_cell(x) for x in cells) + ' |')
    print()
    if sized and args.sizes:
        keys = ['code', 'consts', 'lines', 'data', 'runtime', 'errtext', 'rt_tables']
        print('| program | tokenized | compiled | ' + ' | '.join(keys) + ' |')
        print('| --- ' * (3 + len(keys)) + '|')
        for r in results:
            s = r.get('sizes')
            if s:
                print('| %s | %s | %d | %s |' % (md_cell(r['program']), r.get('tok_size', ''),
                                                s['total'], ' | '.join(str(s[k]) for k in keys)))
        print()

    total = len(results)
    for lang in sorted({r['lang'] for r in results}):
        rs = [r for r in results if r['lang'] == lang]
        print(summary_line(rs, lang, args.mode, args.build_only))
    if len({r['lang'] for r in results}) > 1:
        print(summary_line(results, 'all', args.mode, args.build_only))
    if args.mode == 'compiled' and size_summary(results):
        print(size_summary(results))

    causes = {}
    for r in results:
        for step, msg in r['errors']:
            key = step + ': ' + cause_of(msg)
            causes.setdefault(key, []).append(r['program'])
    if causes:
        print()
        print('| count | failure (the step, then the message without its particulars) | programs |')
        print('| --- | --- | --- |')
        for key, names in sorted(causes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print('| %d | %s | %s |' % (len(names), md_cell(key), md_cell(', '.join(names))))

    out_json = args.json or os.path.join(args.out, 'results.json')
    with open(out_json, 'w') as f:
        json.dump({'mode': args.mode, 'frames': args.frames, 'msx': msx, 'folders': folders,
                   'programs': total, 'results': results}, f, indent=1)


def summary_line(rs, lang, mode, build_only=False):
    m = len(rs)
    toks = [r for r in rs if r['tokenize'] not in ('-', '')]
    built = sum(1 for r in rs if r['build'] == 'built')
    ran = sum(1 for r in rs if r['run'] == 'ran')
    tok = ''
    if toks:
        tok = ', %d of %d tokenized (%d round-trip exactly)' % (
            sum(1 for r in toks if r['tokenize'] != 'no'), len(toks),
            sum(1 for r in toks if r['tokenize'] == 'ok'))
    if build_only:
        return '%s: %d of %d built (not run)%s' % (lang, built, m, tok)
    if mode == 'interpreted':
        return '%s: %d of %d ran without an error on screen%s' % (lang, ran, m, tok)
    return '%s: %d of %d built, %d ran without an error on screen%s' % (lang, built, m, ran, tok)


if __name__ == '__main__':
    main()
