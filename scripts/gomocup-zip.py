#!/usr/bin/env python3
"""Package ply as a Gomocup brain zip the way GomocupJudge looks for one.

    python3 scripts/gomocup-zip.py [--binary PATH] [--out pbrain-ply.zip]

GomocupJudge (client and test_zip_rules.py) runs the files of a submission zip whose
names end in `.exe`, and speaks the Gomocup protocol to those named `pbrain-*`.
So the zip holds one file, `pbrain-ply.exe`: the `pbrain-ply` binary (by default
built here with `cargo build --release --bin pbrain-ply`), stored with Unix mode
0755 so that a tool that keeps modes on unpacking (`unzip`, or
scripts/gomocupjudge-test.py) gets an executable file.

Linux-specific: the `.exe` is a Linux ELF binary under a Windows name, for running
GomocupJudge on Linux. A real Gomocup submission is a Windows build.
"""

import argparse
import os
import subprocess
import sys
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAME_IN_ZIP = "pbrain-ply.exe"


def build():
    """Builds pbrain-ply in release mode; returns its path."""
    cmd = ["cargo", "build", "--release", "--bin", "pbrain-ply",
           "--manifest-path", os.path.join(ROOT, "Cargo.toml")]
    print("+ " + " ".join(cmd), file=sys.stderr)
    r = subprocess.run(cmd)
    if r.returncode != 0:
        sys.exit(f"gomocup-zip: cargo build failed (exit {r.returncode})")
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    if not os.path.isabs(target):
        target = os.path.join(ROOT, target)
    return os.path.join(target, "release", "pbrain-ply")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", help="the pbrain-ply binary to pack (default: build it)")
    ap.add_argument("--out", default="pbrain-ply.zip", help="the zip to write")
    args = ap.parse_args()

    binary = args.binary or build()
    if not os.path.isfile(binary):
        sys.exit(f"gomocup-zip: no binary at {binary}")
    info = zipfile.ZipInfo(NAME_IN_ZIP, date_time=time.localtime()[:6])
    info.create_system = 3  # Unix: the high 16 bits of external_attr are st_mode
    info.external_attr = (0o100755 << 16)
    info.compress_type = zipfile.ZIP_DEFLATED
    with open(binary, "rb") as f:
        data = f.read()
    tmp = args.out + ".part"
    with zipfile.ZipFile(tmp, "w") as z:
        z.writestr(info, data)
    os.replace(tmp, args.out)
    print(f"{args.out}: {NAME_IN_ZIP} ({len(data)} bytes, mode 755) from {binary}")


if __name__ == "__main__":
    main()
