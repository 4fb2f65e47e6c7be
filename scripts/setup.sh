# Sourced by scripts/run and scripts/test: make sure the machine and the virtual environment
# have what PolyGUI needs, installing only what is missing.
#   polygui_setup [test]   -> sets POLYGUI_PYTHON to the virtual environment's python
set -euo pipefail

POLYGUI_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
POLYGUI_VENV=${POLYGUI_VENV:-$POLYGUI_ROOT/.venv}

# Qt's xcb platform plugin and a virtual X server with GLX (for tests and headless machines).
APT_PACKAGES=(xvfb xauth libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
              libxcb-xinerama0 libxcb-randr0 libxcb-shape0 libxcb-xkb1 libxcb-cursor0
              libxkbcommon-x11-0 libegl1 libgl1-mesa-dri libglib2.0-0 libfontconfig1 libdbus-1-3
              librsvg2-bin  # rsvg-convert: tests render exported SVG outside Qt
              gcc libc6-dev)  # the native kernels' build (solvers/kernels/native_build.py)

# The native build also needs Python's C headers: a system Python has them in python3-dev.
if ! "${PYTHON:-python3}" -c 'import os, sys, sysconfig
sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
        2>/dev/null; then
    APT_PACKAGES+=(python3-dev)
fi

_polygui_missing_apt() {
    local package
    for package in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
            || echo "$package"
    done
}

_polygui_install_apt() {
    command -v dpkg-query >/dev/null || { echo "setup: not a Debian-like system; install Xvfb and Qt's xcb libraries yourself" >&2; return 0; }
    local missing
    missing=$(_polygui_missing_apt)
    [ -z "$missing" ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null; then sudo="sudo"; else
            echo "setup: please install: $missing" >&2; return 1; fi
    fi
    echo "setup: installing system packages with apt-get (a minute or so): $(echo $missing | tr '\n' ' ')" >&2
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

_polygui_pip_steps() {
    local line
    while IFS= read -r line; do
        case "$line" in
            Collecting*|Downloading*|"Installing collected"*|Successfully*)
                echo "setup:   $line" >&2 ;;
        esac
    done
}

_polygui_install_venv() {
    local extra=$1 stamp="$POLYGUI_VENV/.polygui-installed-$1"
    if [ ! -x "$POLYGUI_VENV/bin/python" ]; then
        local python=${PYTHON:-python3}
        "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
            || { echo "setup: PolyGUI needs Python 3.11 or newer ($python is older)" >&2; return 1; }
        echo "setup: creating $POLYGUI_VENV" >&2
        "$python" -m venv "$POLYGUI_VENV"
    fi
    if [ ! -f "$stamp" ] || [ "$POLYGUI_ROOT/pyproject.toml" -nt "$stamp" ]; then
        echo "setup: installing PolyGUI and its dependencies (numpy, numba, PySide6, pyqtgraph;" \
             "about 400 MB, a minute or two the first time) into $POLYGUI_VENV" >&2
        local spec="$POLYGUI_ROOT" started=$SECONDS
        [ "$extra" != run ] && spec="$POLYGUI_ROOT[$extra]"
        # pip's lines that say what it is doing are shown, all of them kept in a log
        local log="$POLYGUI_VENV/pip-install.log"
        if ! "$POLYGUI_VENV/bin/python" -m pip install --disable-pip-version-check \
                --progress-bar off -e "$spec" 2>&1 | tee "$log" | _polygui_pip_steps; then
            echo "setup: pip could not install PolyGUI; the end of its output ($log):" >&2
            tail -n 15 "$log" >&2
            return 1
        fi
        echo "setup: installed in $((SECONDS - started)) s" >&2
        touch "$stamp"
    fi
}

polygui_setup() {
    local extra=${1:-run}
    _polygui_install_apt
    _polygui_install_venv "$extra"
    POLYGUI_PYTHON="$POLYGUI_VENV/bin/python"
    # Bytecode ahead of time, as pip does for a regular install: an editable install run
    # with PYTHONDONTWRITEBYTECODE set would otherwise compile every module on every start
    # (about 0.3 s of each polygui-solve call). Files already compiled are skipped.
    "$POLYGUI_PYTHON" -m compileall -q "$POLYGUI_ROOT/polygui" "$POLYGUI_ROOT/solvers" >/dev/null
    [ "$extra" = run ] && _polygui_build_native
    return 0
}

# The search kernels compiled ahead of time (solvers/kernels/native.py), so that a run loads
# them in milliseconds instead of importing numba: built after an install or an update of the
# kernels, a moment's check otherwise. Without it (no C compiler), the numba kernels run.
# The tests build their own (tests/solvers/test_native.py), so `test` skips this.
_polygui_build_native() {
    (cd "$POLYGUI_ROOT" && "$POLYGUI_PYTHON" -m solvers.kernels.native_build --if-stale) || true
}
