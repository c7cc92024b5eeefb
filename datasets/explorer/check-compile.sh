#!/bin/sh
# Compile-checks the explorer kernels of this folder with the checker of
# datasets/kernels (nvcc for .cu, clang-19 for .cl).
# Usage: datasets/explorer/check-compile.sh [FILE...]
here=$(cd "$(dirname "$0")" && pwd)
CHECK_DIR=$here exec "$here/../kernels/check-compile.sh" "$@"
