# The kernel explorer's input formats (kernel_explore/inputs_grammar.cpp):
# --kernel-args pairs and the --memory JSON subset.
# seeds: kernel_explore_inputs_fuzz fuzz/corpus/kernel_explore_inputs
racecert_add_fuzzer(kernel_explore_inputs_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/kernel_explore_inputs_fuzz.cpp Boost::headers)
target_sources(kernel_explore_inputs_fuzz PRIVATE ${CMAKE_SOURCE_DIR}/kernel_explore/inputs_grammar.cpp
  ${CMAKE_SOURCE_DIR}/support/diagnostic.cpp)
target_include_directories(kernel_explore_inputs_fuzz PRIVATE ${CMAKE_SOURCE_DIR})

# The //progress: header line of dataset kernels (kernel_explore/progress_header.cpp).
# seeds: kernel_explore_progress_header_fuzz fuzz/corpus/kernel_explore_progress_header
racecert_add_fuzzer(kernel_explore_progress_header_fuzz
  ${CMAKE_CURRENT_SOURCE_DIR}/kernel_explore_progress_header_fuzz.cpp Boost::headers)
target_sources(kernel_explore_progress_header_fuzz PRIVATE ${CMAKE_SOURCE_DIR}/kernel_explore/progress_header.cpp
  ${CMAKE_SOURCE_DIR}/progress/models.cpp ${CMAKE_SOURCE_DIR}/support/diagnostic.cpp)
target_include_directories(kernel_explore_progress_header_fuzz PRIVATE ${CMAKE_SOURCE_DIR})
