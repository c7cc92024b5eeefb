# Fuzz target of the named-barrier text form (issue 6).
# racecert_add_fuzzer instruments only the target's own file; the parser and
# checks live in the library, so the target links an instrumented copy of it
# (coverage feedback and sanitizers inside the parser).
get_target_property(barriers_sources racecert_barriers SOURCES)
list(TRANSFORM barriers_sources PREPEND ${CMAKE_SOURCE_DIR}/barriers/)
add_library(racecert_barriers_fuzzlib STATIC ${barriers_sources})
target_include_directories(racecert_barriers_fuzzlib PUBLIC ${CMAKE_SOURCE_DIR})
target_link_libraries(racecert_barriers_fuzzlib PUBLIC racecert_support Boost::headers)
target_compile_options(racecert_barriers_fuzzlib PRIVATE -fsanitize=fuzzer-no-link,address,undefined -g -O1)
racecert_add_fuzzer(barriers_parser_fuzz ${CMAKE_SOURCE_DIR}/fuzz/barriers_parser_fuzz.cpp racecert_barriers_fuzzlib)
# scripts/fuzz runs build-fuzz/<target>; add_subdirectory(fuzz) would put it in build-fuzz/fuzz/.
set_target_properties(barriers_parser_fuzz PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
# seeds: barriers_parser_fuzz datasets/barriers
