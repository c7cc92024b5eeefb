#pragma once
// Parser of the protocol text format (docs/protocol-language.md), written
// with Boost.Spirit X3. Errors are thrown as racecert::Error with exit code
// kExitBadInput and read "file:line:col: error: ...".
#include <string>

#include "protocol/protocol.hpp"
#include "support/diagnostic.hpp"

namespace racecert::protocol {

ProtocolFile parse_protocol(const std::string& text, const std::string& filename = "<input>");
ProtocolFile parse_protocol_file(const std::string& path);

// Parses one expression (for command-line assumptions and tests); variables
// are not resolved.
Expr parse_expr(const std::string& text);

}  // namespace racecert::protocol
