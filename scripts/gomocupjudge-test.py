#!/usr/bin/env python3
"""Run GomocupJudge's test_zip_rules.py on Linux, keeping the zip's exec bits.

    python3 scripts/gomocupjudge-test.py GOMOCUPJUDGE_DIR ZIP [ZIP ...]

test_zip_rules.py unpacks each zip with Python's zipfile, which drops the Unix
mode bits, and then starts the `.exe` it finds: on Windows that works, on Linux the
unpacked file is not executable and every format fails with "Permission denied".
This runs GomocupJudge's own script unchanged, with one difference: a member whose
zip entry carries Unix mode bits (as scripts/gomocup-zip.py writes them) gets those
bits back when it is unpacked. Nothing else is touched. GomocupJudge needs psutil
(`pip install psutil`).
"""

import os
import runpy
import sys
import zipfile


def _extract_keeping_mode(self, member, targetpath, pwd):
    path = _original_extract_member(self, member, targetpath, pwd)
    if not isinstance(member, zipfile.ZipInfo):
        member = self.getinfo(member)
    mode = (member.external_attr >> 16) & 0o777
    if member.create_system == 3 and mode and not member.is_dir():
        os.chmod(path, mode)
    return path


_original_extract_member = zipfile.ZipFile._extract_member


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.split("\n\n")[1].strip())
    judge = os.path.abspath(sys.argv[1])
    script = os.path.join(judge, "test_zip_rules.py")
    if not os.path.isfile(script):
        sys.exit(f"gomocupjudge-test: no test_zip_rules.py in {judge}")
    zipfile.ZipFile._extract_member = _extract_keeping_mode
    sys.argv = [script] + sys.argv[2:]
    sys.path.insert(0, judge)
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
