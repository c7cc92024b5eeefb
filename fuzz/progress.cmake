# progress/: both litmus-test parsers (AXB and test-suite forms), round trips
# through the printers, and the oracle on small parsed programs.
# seeds: progress_parser_fuzz datasets/progress
racecert_add_fuzzer(progress_parser_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/progress_parser_fuzz.cpp racecert_progress)
# scripts/fuzz runs build-fuzz/<target>: put the binary there.
set_target_properties(progress_parser_fuzz PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
# Coverage feedback and sanitizers in the code under test, not only in the
# entry point (racecert_add_fuzzer instruments just its own source).
target_compile_options(racecert_progress PRIVATE -fsanitize=fuzzer-no-link,address,undefined -g)
