#!/usr/bin/env bash
# Runs a command as a platform without the system libraries would see it: in a private mount namespace,
# /usr/include/yaml.h is bound to /dev/null and /usr/include/openssl is an empty tmpfs (iOS has neither; macOS
# with Xcode has neither header). Needs root (`unshare -m`); CI runs as root.
#   bash .ci/hidden-headers.sh COMMAND [ARGUMENT...]
set -euo pipefail
if [ "$(id -u)" != 0 ]; then
    echo "hidden-headers: hiding the system headers needs root (unshare -m); run as root" >&2
    exit 1
fi
exec unshare -m bash -euo pipefail -c '
    [ ! -e /usr/include/yaml.h ] || mount --bind /dev/null /usr/include/yaml.h
    mkdir -p /usr/include/openssl && mount -t tmpfs tmpfs /usr/include/openssl
    test ! -s /usr/include/yaml.h && test -z "$(ls /usr/include/openssl)"
    "$@"
' hidden-headers "$@"
