# Fuzz target for the explorer's PTX litmus parser (scripts/fuzz explorer_litmus_fuzz).
# seeds: explorer_litmus_fuzz datasets/litmus tests/explorer/fuzz_corpus
racecert_add_fuzzer(explorer_litmus_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/explorer_litmus_fuzz.cpp racecert_explorer)
