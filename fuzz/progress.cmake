# progress/: both litmus-test parsers (AXB and test-suite forms), round trips
# through the printers, and the oracle on small parsed programs.
# seeds: progress_parser_fuzz datasets/progress
racecert_add_fuzzer(progress_parser_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/progress_parser_fuzz.cpp racecert_progress)
