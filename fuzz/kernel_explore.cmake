# The kernel explorer's input formats (kernel_explore/inputs_grammar.cpp):
# --kernel-args pairs and the --memory JSON subset.
# seeds: kernel_explore_inputs_fuzz fuzz/corpus/kernel_explore_inputs
racecert_add_fuzzer(kernel_explore_inputs_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/kernel_explore_inputs_fuzz.cpp Boost::headers)
target_sources(kernel_explore_inputs_fuzz PRIVATE ${CMAKE_SOURCE_DIR}/kernel_explore/inputs_grammar.cpp
  ${CMAKE_SOURCE_DIR}/support/diagnostic.cpp)
target_include_directories(kernel_explore_inputs_fuzz PRIVATE ${CMAKE_SOURCE_DIR})
