# The GPUVerify header parser (support/gpuverify_header.hpp), the one that
# check, harness and hook share. It needs neither Clang nor the front end:
# the fuzzer compiles its few source files, and stays quick to build and
# fast to run.
# seeds: gpuverify_header_fuzz fuzz/corpus/gpuverify_header
racecert_add_fuzzer(gpuverify_header_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/gpuverify_header_fuzz.cpp Boost::headers)
target_sources(gpuverify_header_fuzz PRIVATE ${CMAKE_SOURCE_DIR}/support/gpuverify_header.cpp
  ${CMAKE_SOURCE_DIR}/support/launch_dims.cpp ${CMAKE_SOURCE_DIR}/support/diagnostic.cpp)
target_include_directories(gpuverify_header_fuzz PRIVATE ${CMAKE_SOURCE_DIR})
