#pragma once
// Printer of the protocol text format (docs/protocol-language.md). The output
// parses back to the same protocol: parse(print(p)) == p.
#include <string>

#include "protocol/protocol.hpp"

namespace racecert::protocol {

struct PrintOptions {
  bool show_tags = false;  // print forS/forU, ifS/ifU (the well-formed stage)
  int indent = 2;
};

std::string print(const ProtocolFile& f, const PrintOptions& o = {});
std::string print(const Kernel& k, const PrintOptions& o = {});
// Prints statements at the given indentation depth.
void print_block(const Block& b, int depth, const PrintOptions& o, std::string& out);
std::string print_access(const Access& a);  // "wr A[i][j] = v" (no ';')
// A declaration: "local v;", or "ticket t of shared count;" for a ticket.
std::string print_decl(const std::string& name, Uniformity kind, const std::optional<TicketCounter>& ticket);
// "for x in a..b", "for x in a..b step s" or "for (x = a; x < b; x *= 2)".
std::string print_loop_header(const Loop& l, bool show_tags = false);

}  // namespace racecert::protocol
