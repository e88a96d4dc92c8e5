#!/usr/bin/env bash
# Runs `swift test ARGS…` so that it can never hang silently (`./dev test` runs the suite through it).
#
# The test process writes Swift Testing's event stream (one JSON line per event) to a file, and a
# watchdog running beside `swift test` watches that file grow. When no test event has arrived for
# ORDERS_TEST_SILENCE_LIMIT seconds once the tests are running (300 by default) while the test process
# has hardly used the CPU meanwhile (under a tenth of one core: a stuck run's tasks are all suspended,
# whereas a long fuzz case on a loaded machine may be quiet for minutes but is busy), or the whole run has
# taken ORDERS_TEST_TIME_LIMIT seconds (4,500 by default, inside CI's 90 minutes, build included), the
# watchdog prints the tests that started and never finished and the backtraces of every thread of the
# test process (with gdb), then ends that process alone, by its pid. `swift test` then reports the crash
# and this script exits 1.
#
# `swift test` itself runs in the foreground, exactly as before: the same output, the same stdin,
# Ctrl-C as before, and its own exit status when nothing hangs.
set -uo pipefail

silence_limit=${ORDERS_TEST_SILENCE_LIMIT:-300}
time_limit=${ORDERS_TEST_TIME_LIMIT:-4500}

work=$(mktemp -d "${TMPDIR:-/tmp}/orders-test-supervisor.XXXXXX")
events="$work/events.jsonl"
hung_marker="$work/hung"
supervisor=$$

say() { printf 'orders test supervisor: %s\n' "$*" >&2; }

# The processes whose parent is $1, one pid a line.
children_of() {
    local parent=$1 stat pid rest ppid
    for stat in /proc/[0-9]*/stat; do
        # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
        { read -r rest < "$stat"; } 2> /dev/null || continue
        pid=${stat#/proc/}; pid=${pid%/stat}
        rest=${rest##*) }
        # What follows is "STATE PPID …".
        ppid=${rest#* }; ppid=${ppid%% *}
        [ "$ppid" = "$parent" ] && echo "$pid"
    done
}

# Every process below $1 (children first found, then theirs), one pid a line.
descendants() {
    local pid
    for pid in $(children_of "$1"); do
        echo "$pid"
        descendants "$pid"
    done
}

# The test bundles `swift test` runs (ordersPackageTests.xctest), found among this script's descendants.
test_processes() {
    local pid executable
    for pid in $(descendants "$supervisor"); do
        executable=$( { tr '\0' '\n' < "/proc/$pid/cmdline"; } 2> /dev/null | head -n 1)
        case "$executable" in *.xctest) echo "$pid" ;; esac
    done
}

# Tests with a testStarted event and no testEnded event, each with how long ago it started.
unfinished_tests() {
    local line kind id since now
    local -A started=()
    local -a order=()
    now=$(date +%s)
    [ -f "$events" ] || return 0
    while IFS= read -r line; do
        [[ $line =~ \"kind\":\"(testStarted|testEnded)\" ]] || continue
        kind=${BASH_REMATCH[1]}
        [[ $line =~ \"testID\":\"([^\"]*)\" ]] || continue
        id=${BASH_REMATCH[1]//\\\//\/}
        if [ "$kind" = testStarted ]; then
            since=0
            [[ $line =~ \"since1970\":([0-9]+) ]] && since=${BASH_REMATCH[1]}
            started[$id]=$since
            order+=("$id")
        else
            unset 'started[$id]'
        fi
    done < "$events"
    for id in "${order[@]}"; do
        [ -n "${started[$id]+set}" ] && printf '  %s (started %ss ago)\n' "$id" "$((now - started[$id]))"
    done
}

# CPU time (clock ticks, user + system) the processes $@ have used so far.
cpu_ticks() {
    local pid rest total=0
    local -a fields
    for pid in "$@"; do
        { read -r rest < "/proc/$pid/stat"; } 2> /dev/null || continue
        # Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the command name.
        read -r -a fields <<< "${rest##*) }"
        total=$((total + fields[11] + fields[12]))
    done
    echo "$total"
}

report_and_end() {
    local reason=$1 pids pid
    : > "$hung_marker"
    say "$reason"
    say "tests that started and never finished (suites included):"
    local unfinished
    unfinished=$(unfinished_tests)
    if [ -n "$unfinished" ]; then echo "$unfinished" >&2; else echo "  none (the test process did not exit after its last test)" >&2; fi
    pids=$(test_processes)
    if [ -z "$pids" ]; then
        say "no test process found (still building?); ending swift test itself"
        # This script's children are swift test and this watchdog ($BASHPID).
        pids=$(children_of "$supervisor" | grep -vx "$BASHPID")
    fi
    for pid in $pids; do
        if command -v gdb > /dev/null; then
            say "backtraces of test process $pid:"
            timeout 180 gdb -p "$pid" -batch -nx -ex 'set pagination off' -ex 'set complaints 0' \
                -ex 'thread apply all bt' < /dev/null 2>&1 | grep -v '^\[New LWP\|^During symbol reading' >&2
        else
            say "gdb is not installed: no backtraces of test process $pid"
        fi
        say "ending test process $pid"
        kill -KILL "$pid" 2> /dev/null
    done
}

watchdog() {
    local start last_size=-1 size last_event now cpu_at_event=0 cpu ticks_per_second test_pids=""
    ticks_per_second=$(getconf CLK_TCK 2> /dev/null || echo 100)
    start=$(date +%s)
    last_event=$start
    while kill -0 "$supervisor" 2> /dev/null; do
        sleep 2
        now=$(date +%s)
        if [ -f "$events" ]; then
            size=$(stat -c %s "$events" 2> /dev/null || echo 0)
            if [ "$size" != "$last_size" ]; then
                last_size=$size
                last_event=$now
                # The test process, found once (a scan of /proc) and again only if it changed.
                # shellcheck disable=SC2086
                if [ -z "$test_pids" ] || ! kill -0 $test_pids 2> /dev/null; then test_pids=$(test_processes); fi
                # shellcheck disable=SC2086
                cpu_at_event=$(cpu_ticks $test_pids)
            elif [ $((now - last_event)) -ge "$silence_limit" ]; then
                # shellcheck disable=SC2086
                cpu=$(cpu_ticks $test_pids)
                if [ $((cpu - cpu_at_event)) -lt $((silence_limit * ticks_per_second / 10)) ]; then
                    report_and_end "no test event for $((now - last_event)) s (ORDERS_TEST_SILENCE_LIMIT=$silence_limit), and the test process used $(((cpu - cpu_at_event) / ticks_per_second)) s of CPU meanwhile: the test run is stuck"
                    return
                fi
                # Quiet but busy: judge the next window.
                last_event=$now
                cpu_at_event=$cpu
            fi
        else
            # Still building, or the XCTest pass: the silence clock starts with the first event.
            last_event=$now
        fi
        if [ $((now - start)) -ge "$time_limit" ]; then
            report_and_end "the test run has taken $((now - start)) s (ORDERS_TEST_TIME_LIMIT=$time_limit)"
            return
        fi
    done
}

watchdog &
watchdog_pid=$!
# The watchdog is gone with this script, whatever ends it.
trap 'kill "$watchdog_pid" 2> /dev/null; rm -rf "$work"' EXIT

swift test --event-stream-output-path "$events" --event-stream-version 0 "$@"
status=$?
if [ -e "$hung_marker" ]; then
    # Let the watchdog finish its report before saying the last word.
    wait "$watchdog_pid" 2> /dev/null
    say "the test run was stopped because it hung (see above); failing"
    exit 1
fi
exit "$status"
