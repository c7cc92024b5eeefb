#!/bin/sh
# Compile-checks every kernel of this folder: .cu with nvcc (device and host
# code, sm_80), .cl with clang-19 (OpenCL C 1.2, syntax only). The -D flags of
# a file's second line (its GPUVerify header) are passed to the compiler.
# OpenCL files that use OpenCL 2.0 atomics or scopes compile as CL2.0.
# Usage: datasets/kernels/check-compile.sh [FILE...]; prints one line per
# failing file and exits 1 if any fails. CHECK_DIR=DIR checks the kernels of
# DIR instead (datasets/explorer/check-compile.sh does).
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang-19}
cd "${CHECK_DIR:-$(dirname "$0")}" || exit 2
[ $# -gt 0 ] || set -- $(find . -name '*.cu' -o -name '*.cl' | sort)
fail=0
for f in "$@"; do
  defs=$(sed -n 2p "$f" | tr ' ' '\n' | grep '^-D')
  case "$f" in
    *.cu) "$NVCC" -c -o /dev/null --std=c++17 -arch=sm_80 $defs "$f" >/tmp/kc.$$ 2>&1 ;;
    *.cl) std=CL1.2
          grep -q 'memory_scope\|atomic_int\|atomic_work_item_fence' "$f" && std=CL2.0
          "$CLANG" -x cl -cl-std=$std -Xclang -finclude-default-header -fsyntax-only $defs "$f" >/tmp/kc.$$ 2>&1 ;;
  esac
  if [ $? -ne 0 ]; then echo "FAIL $f"; cat /tmp/kc.$$; fail=1; fi
done
rm -f /tmp/kc.$$
exit $fail
