#!/usr/bin/env bash
# Runs the protocol transcripts (tests/transcripts/*.txt, format in their
# README.md) against any engine binary and reports each as PASS or FAIL.
#
#   scripts/conformance.sh ENGINE [TRANSCRIPT...]
#
# ENGINE is a command (with arguments, quoted as one word if needed), e.g.
#   scripts/conformance.sh target/release/ply
#   scripts/conformance.sh "target/release/ply --protocol uci"
# Exit code: 0 when every transcript passes, 1 otherwise, 2 on bad usage.
set -u

if [ $# -lt 1 ] || [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -lt 1 ] && exit 2 || exit 0
fi
engine=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then
    files=("$@")
else
    files=("$here"/../tests/transcripts/*.txt)
fi

skip_line() {
    case $1 in
        info*|"id "*|"option "*) return 0 ;;
        *) return 1 ;;
    esac
}

# run_one FILE: 0 on success; prints the reason on failure.
run_one() {
    local file=$1 line kind text got
    coproc ENGINE { exec $engine 2>/dev/null; }
    local in=${ENGINE[1]} out=${ENGINE[0]} pid=$ENGINE_PID
    local status=0
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
            ""|"#"*) continue ;;
            "< "*)
                printf '%s\n' "${line#< }" >&"$in" 2>/dev/null || { echo "engine closed its input"; status=1; break; }
                ;;
            "> "*|">* "*)
                kind=${line%% *}
                text=${line#* }
                local found=0
                while IFS= read -r -t 10 got <&"$out"; do
                    got=${got%$'\r'}
                    if [ "$kind" = ">" ] && [ "$got" = "$text" ]; then found=1; break; fi
                    # shellcheck disable=SC2053
                    if [ "$kind" = ">*" ] && [[ $got == $text ]]; then found=1; break; fi
                    if skip_line "$got"; then continue; fi
                    echo "expected '$text', got '$got'"
                    status=1
                    break
                done
                if [ $status -ne 0 ]; then break; fi
                if [ $found -eq 0 ]; then echo "expected '$text', got nothing"; status=1; break; fi
                ;;
            "= quiet")
                while IFS= read -r -t 0.3 got <&"$out"; do
                    got=${got%$'\r'}
                    if [[ $got == info* ]]; then continue; fi
                    echo "expected quiet, got '$got'"
                    status=1
                    break
                done
                if [ $status -ne 0 ]; then break; fi
                ;;
            *) echo "bad transcript line: $line"; status=1; break ;;
        esac
    done < "$file"
    exec {in}>&- 2>/dev/null
    # Give the engine a moment to quit on its own, then make sure it is gone.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return $status
}

failed=0
for f in "${files[@]}"; do
    name=$(basename "$f")
    if reason=$(run_one "$f"); then
        echo "PASS $name"
    else
        echo "FAIL $name: $reason"
        failed=1
    fi
done
exit $failed
