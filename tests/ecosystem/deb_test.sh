#!/usr/bin/env bash
# The CPack .deb: built with `cpack -G DEB` from the build directory into a
# scratch directory, its dependencies (dpkg-shlibdeps) checked, unpacked with
# `dpkg-deb -x` and its racecert run from there on kernels that include
# <cuda_runtime.h>; the man page and bash completion are in the package.
# usage: deb_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
. "$src/tests/ecosystem/kernels.sh"  # also: $tmp (removed at exit) and fail

(cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; fail "cpack"; }
debs=("$tmp"/pkg/racecert_*.deb)
[ -f "${debs[0]}" ] || { cat "$tmp/cpack.log"; fail "no racecert_*.deb"; }
deb=${debs[0]}
info=$(dpkg-deb -f "$deb" Package Depends)
for dep in libz3 libc6 libclang-common-19-dev; do
  grep -q "$dep" <<<"$info" || fail "Depends lacks $dep: $info"
done
# LLVM and Clang: linked statically (RACECERT_STATIC_LLVM, the default) the
# package must not depend on their shared libraries, else it must.
if readelf -d "$build/racecert" | grep -q 'NEEDED.*libclang-cpp'; then
  for dep in libclang-cpp19 libllvm19; do
    grep -q "$dep" <<<"$info" || fail "Depends lacks $dep: $info"
  done
else
  for dep in libclang-cpp19 libllvm19; do
    grep -q "$dep" <<<"$info" && fail "Depends has $dep, yet racecert links LLVM statically: $info"
  done
fi

dpkg-deb -x "$deb" "$tmp/root"
r=$tmp/root/usr
[ -x "$r/bin/racecert" ] || fail "no /usr/bin/racecert"
[ -f "$r/share/racecert/include/cuda_runtime.h" ] || fail "no device headers"
[ -f "$r/share/man/man1/racecert.1.gz" ] || fail "no man page"
[ -f "$r/share/bash-completion/completions/racecert" ] || fail "no bash completion"
zcat "$r/share/man/man1/racecert.1.gz" | grep -q '^\.SS "racecert check"' || fail "man page lacks racecert check"

# The unpacked racecert reads its own headers: the racy kernel indexes with
# a macro only they define.
echo '#define RACECERT_TEST_CELL 0' >>"$r/share/racecert/include/cuda_runtime.h"
write_kernels "$tmp/k"
sed -i 's/A\[0\] = threadIdx.x/A[RACECERT_TEST_CELL] = threadIdx.x/' "$tmp/k/racy.cu"
grep -q RACECERT_TEST_CELL "$tmp/k/racy.cu" || fail "the marker is not in racy.cu"
unset RACECERT_INCLUDE_DIR
status=0; "$r/bin/racecert" check "$tmp/k/racy.cu" >"$tmp/out.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || { cat "$tmp/out.txt"; fail "racy.cu: exit $status, expected 1 (race)"; }
status=0; "$r/bin/racecert" check "$tmp/k/drf.cu" >"$tmp/out.txt" 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat "$tmp/out.txt"; fail "drf.cu: exit $status, expected 0"; }
echo "deb test passed: $(basename "$deb")"
