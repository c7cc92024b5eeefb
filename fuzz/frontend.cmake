# The GPUVerify header parser of the front end (frontend/gpuverify_header.hpp).
# It needs neither Clang nor the rest of the front end: the fuzzer compiles
# its one source file, and stays quick to build and fast to run.
# seeds: gpuverify_header_fuzz fuzz/corpus/gpuverify_header
racecert_add_fuzzer(gpuverify_header_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/gpuverify_header_fuzz.cpp Boost::headers)
target_sources(gpuverify_header_fuzz PRIVATE ${CMAKE_SOURCE_DIR}/frontend/gpuverify_header.cpp)
target_include_directories(gpuverify_header_fuzz PRIVATE ${CMAKE_SOURCE_DIR})
