# The inline PTX text form (frontend/ptx_asm.hpp): Clang-free, so the fuzzer
# links only its own library.
# seeds: ptx_asm_fuzz fuzz/corpus/ptx_asm
racecert_add_fuzzer(ptx_asm_fuzz ${CMAKE_SOURCE_DIR}/fuzz/ptx_asm_fuzz.cpp racecert_ptx_asm)
