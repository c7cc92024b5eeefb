#!/usr/bin/env python3
"""Lists the device functions that nvcc's headers declare, one name a line.

Run once against a CUDA toolkit to refresh tests/frontend/cuda_device_functions.txt:

    scripts/cuda_device_functions.py /usr/local/cuda/include > tests/frontend/cuda_device_functions.txt

The names come from the headers that cuda_runtime.h brings into device code
(HEADERS below): every declaration with `__device__` or one of the headers'
`..._DECL__` macros in front of `name(`. tests/frontend/device_functions_test.cpp
checks that racecert's bundled headers (frontend/include) declare each one.
Left out: the names the toolkit declares only for Windows (one leading
underscore) and its internal helpers (`__nv_`, `__internal`, `__libcpp_`).
"""
import re
import sys

HEADERS = [
    "crt/device_functions.h", "crt/device_double_functions.h", "crt/math_functions.h",
    "crt/sm_70_rt.h", "crt/sm_80_rt.h", "crt/sm_90_rt.h",
    "device_atomic_functions.h", "sm_20_atomic_functions.h", "sm_32_atomic_functions.h",
    "sm_35_atomic_functions.h", "sm_60_atomic_functions.h",
    "sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h", "sm_35_intrinsics.h",
    "sm_61_intrinsics.h",
]

DECLARATION = re.compile(r"(?:\b__device__\b|\b\w*_DECL__\b)[^;{}()]*?\b([A-Za-z_]\w*)\s*\(")
NOT_NAMES = {"__attribute__", "__declspec", "__align__", "decltype", "operator", "sizeof", "alignas",
             # the headers' own helpers, and a host function
             "__cmath_power", "__pow_helper", "__cudaPushCallConfiguration"}


def names(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^\s*#[^\n]*(\\\n[^\n]*)*", " ", text, flags=re.M)  # preprocessor lines
    for m in DECLARATION.finditer(text):
        n = m.group(1)
        windows_only = re.match(r"_[A-Za-z]", n) is not None  # _hypot, _dsign
        if n in NOT_NAMES or n.isupper() or windows_only or n.startswith(("__nv_", "__internal", "__libcpp_")):
            continue
        yield n


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda/include"
    found = set()
    for h in HEADERS:
        with open(f"{root}/{h}", encoding="utf-8", errors="replace") as f:
            found.update(names(f.read()))
    for n in sorted(found):
        print(n)


if __name__ == "__main__":
    main()
