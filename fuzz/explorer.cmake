# Fuzz target for the explorer's PTX litmus parser (scripts/fuzz explorer_litmus_fuzz).
# seeds: explorer_litmus_fuzz datasets/litmus tests/explorer/fuzz_corpus
racecert_add_fuzzer(explorer_litmus_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/explorer_litmus_fuzz.cpp racecert_explorer)
# scripts/fuzz runs build-fuzz/<target>.
set_target_properties(explorer_litmus_fuzz PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
# Instrument the library too: coverage feedback must see the parser and the
# explorer, not only the entry point.
target_compile_options(racecert_explorer PRIVATE -fsanitize=fuzzer-no-link,address,undefined -g -O1)
