# Fuzz target of the named-barrier text form (issue 6).
# seeds: barriers_parser_fuzz datasets/barriers
racecert_add_fuzzer(barriers_parser_fuzz ${CMAKE_SOURCE_DIR}/fuzz/barriers_parser_fuzz.cpp racecert_barriers)
