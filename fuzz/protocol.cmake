# seeds: protocol_parser_fuzz fuzz/corpus/protocol
racecert_add_fuzzer(protocol_parser_fuzz ${CMAKE_CURRENT_SOURCE_DIR}/protocol_parser_fuzz.cpp racecert_protocol)
