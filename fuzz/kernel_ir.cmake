# The kernel IR's text parser (kernel_ir/parser.hpp): Clang-free, so the
# fuzzer links only the kernel IR library.
# seeds: kernel_ir_parser_fuzz fuzz/corpus/kernel_ir
racecert_add_fuzzer(kernel_ir_parser_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/kernel_ir_parser_fuzz.cpp racecert_kernel_ir)
