#!/bin/sh
# Compile-checks every kernel of this folder: .cu with nvcc (device and host
# code, sm_80), .cl with clang-19 (OpenCL C 1.2, syntax only). The -D flags of
# a file's second line (its GPUVerify header) are passed to the compiler.
# Usage: datasets/kernels/check-compile.sh [FILE...]; prints one line per
# failing file and exits 1 if any fails.
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang-19}
cd "$(dirname "$0")" || exit 2
[ $# -gt 0 ] || set -- $(find . -name '*.cu' -o -name '*.cl' | sort)
fail=0
for f in "$@"; do
  defs=$(sed -n 2p "$f" | tr ' ' '\n' | grep '^-D')
  case "$f" in
    *.cu) "$NVCC" -c -o /dev/null --std=c++17 -arch=sm_80 $defs "$f" >/tmp/kc.$$ 2>&1 ;;
    *.cl) "$CLANG" -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only $defs "$f" >/tmp/kc.$$ 2>&1 ;;
  esac
  if [ $? -ne 0 ]; then echo "FAIL $f"; cat /tmp/kc.$$; fail=1; fi
done
rm -f /tmp/kc.$$
exit $fail
