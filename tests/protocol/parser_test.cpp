// The protocol text format: parsing, printing, round-trips and errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "protocol/parser.hpp"
#include "protocol/printer.hpp"
#include "tests/support/random_protocol.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

// Parses and expects an error; returns "line:col: message".
std::string error_of(const std::string& text) {
  try {
    parse_protocol(text, "t.map");
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    return std::to_string(e.loc().line) + ":" + std::to_string(e.loc().column) + ": " + e.what();
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return "";
}

}  // namespace

TEST(Parser, ReadsEveryConstruct) {
  const char* text = R"(// comment
kernel k {
  shared A : 2;
  global B;
  uniform N, M;
  local v;
  assume N > 0 && M >= 0;
  /* block comment */
  for r in 0..N {
    for i in 0..M step 2 {
      wr A[tid][i] = 1;
    }
    sync;
    if (tid < 4) {
      rd A[tid + 1][0];
    } else if (v == 1) {
      atomic B[0];
    }
    for (s = blockDim.x / 2; s > 0; s >>= 1) {
      rd B[tid + s] @ "kernel.cu":12:7;
      local w;
      wr B[w];
    }
  }
}
)";
  ProtocolFile f = parse_protocol(text, "t.map");
  ASSERT_EQ(f.kernels.size(), 1u);
  const Kernel& k = f.kernels[0];
  EXPECT_EQ(k.name, "k");
  ASSERT_EQ(k.arrays.size(), 2u);
  EXPECT_EQ(k.arrays[0].dims, 2);
  EXPECT_EQ(k.arrays[1].space, MemorySpace::Global);
  EXPECT_EQ(k.vars.size(), 3u);
  EXPECT_EQ(k.preconditions.size(), 1u);
  ASSERT_EQ(k.body.size(), 1u);
  const Loop& r = k.body[0].as<Loop>();
  EXPECT_EQ(r.var, "r");
  EXPECT_EQ(r.loc.line, 9);
  EXPECT_EQ(r.loc.column, 3);
  ASSERT_EQ(r.body.size(), 4u);
  const Loop& i = r.body[0].as<Loop>();
  EXPECT_EQ(to_string(i.step), "2");
  const Access& w = i.body[0].as<Access>();
  EXPECT_EQ(w.mode, AccessMode::Write);
  EXPECT_EQ(to_string(w.index[0]), "threadIdx.x");  // `tid` is an alias
  EXPECT_EQ(to_string(w.value), "1");
  EXPECT_EQ(w.loc.line, 11);
  EXPECT_EQ(w.loc.column, 7);
  const Loop& s = r.body[3].as<Loop>();
  EXPECT_EQ(s.update, LoopUpdate::Shr);
  EXPECT_EQ(s.cond, BinOp::Gt);
  const Access& explicit_loc = s.body[0].as<Access>();
  EXPECT_TRUE(explicit_loc.loc_explicit);
  EXPECT_EQ(explicit_loc.loc.file, "kernel.cu");
  EXPECT_EQ(explicit_loc.loc.line, 12);
}

TEST(Parser, RoundTripsTheDatasets) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(RACECERT_SOURCE_DIR "/datasets/protocols")) {
    if (e.path().extension() != ".map") continue;
    ++files;
    ProtocolFile f = parse_protocol_file(e.path().string());
    std::string printed = print(f);
    ProtocolFile g = parse_protocol(printed, "printed");
    ASSERT_EQ(f.kernels.size(), g.kernels.size()) << e.path();
    for (std::size_t i = 0; i < f.kernels.size(); ++i)
      EXPECT_TRUE(equal(f.kernels[i], g.kernels[i])) << e.path() << "\n" << printed;
    EXPECT_EQ(print(g), printed);
  }
  EXPECT_GT(files, 10);
}

TEST(Parser, RoundTripsRandomProtocols) {
  std::mt19937 rng(2024);
  for (int i = 0; i < 500; ++i) {
    Kernel k = testkit::random_protocol(rng);
    std::string printed = print(k);
    ProtocolFile g = parse_protocol(printed, "printed");
    ASSERT_EQ(g.kernels.size(), 1u);
    ASSERT_TRUE(equal(k, g.kernels[0])) << printed << "\n---\n" << print(g.kernels[0]);
  }
}

TEST(Parser, ReportsErrorsWithPositions) {
  EXPECT_EQ(error_of(""), "1:1: empty input: expected 'kernel'");
  EXPECT_EQ(error_of("  // only a comment\n"), "1:1: empty input: expected 'kernel'");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[x];\n}\n"), "3:8: unknown variable 'x'");
  EXPECT_EQ(error_of("kernel k {\n  rd A[0];\n}\n"), "2:3: unknown array 'A'");
  // A ';' missing at the end of a line is pointed at where it belongs, not
  // at the next line's '}'.
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[0]\n}\n"), "3:10: expected ';', found '}'");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[0];\n  rd A[0][1];\n}\n"),
            "4:3: array 'A' accessed with 2 index(es), earlier with 1");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  if (1) { rd A[0]; }\n}\n"), "3:7: expected a boolean expression");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[tid < 1];\n}\n"), "3:8: expected an integer expression");
  EXPECT_EQ(error_of("kernel k {\n  uniform N;\n  uniform N;\n}\n"), "3:3: 'N' is already declared");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  for i in 0..2 { for i in 0..2 { rd A[i]; } }\n}\n"),
            "3:19: 'i' is already declared");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  for (i = 0; j < 2; i += 1) { rd A[i]; }\n}\n"),
            "3:3: loop header must test and update its own variable 'i'");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  for (i = 0; i < 2; i -= 1) { rd A[i]; }\n}\n"),
            "3:3: loop condition '<' does not match update '-='");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[99999999999999999999];\n}\n"),
            "3:8: integer literal out of range");
  EXPECT_EQ(error_of("kernel k { }\nkernel k { }\n"), "2:8: kernel 'k' defined twice");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[0] = 1;\n}\n"), "3:11: expected ';', found '='");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  wr A;\n  rd A[0];\n}\n"),
            "4:3: array 'A' accessed with 1 index(es), earlier with 0");
  EXPECT_EQ(error_of("kernel k {\n  shared A : 2;\n  rd A[0];\n}\n"),
            "3:3: array 'A' is declared with 2 dimension(s) but accessed with 1");
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A[0];\n"), "3:11: expected '}', found end of input");
  EXPECT_EQ(error_of("kernel {\n}\n"), "1:8: expected kernel name, found '{'");
  EXPECT_EQ(error_of("garbage\n"), "1:1: expected 'kernel', found 'garbage'");
}

TEST(Parser, ReadsAndPrintsByteViews) {
  const char* text = R"(kernel k {
  shared A<4>;
  global T<2> : 2;
  wr A<16>[threadIdx.x];
  rd A<1:4>[3];
  wr A<1>[threadIdx.x] = 7;
  rd A[threadIdx.x];
  atomic T<8:2>[0][threadIdx.x];
}
)";
  ProtocolFile f = parse_protocol(text, "t.map");
  const Kernel& k = f.kernels.at(0);
  EXPECT_EQ(k.arrays.at(0).element_bytes, 4);
  EXPECT_EQ(k.arrays.at(1).element_bytes, 2);
  EXPECT_EQ(k.arrays.at(1).dims, 2);
  EXPECT_EQ(k.body.at(0).as<Access>().view, (AccessView{16, 16}));
  EXPECT_EQ(k.body.at(1).as<Access>().view, (AccessView{1, 4}));
  EXPECT_EQ(k.body.at(2).as<Access>().view, (AccessView{1, 1}));
  EXPECT_TRUE(k.body.at(3).as<Access>().view.is_element());
  EXPECT_EQ(k.body.at(4).as<Access>().view, (AccessView{8, 2}));
  // Printed back exactly (the text is in the printer's layout).
  EXPECT_EQ(print(f), std::string(text));
  ProtocolFile g = parse_protocol(print(f), "printed");
  EXPECT_TRUE(equal(k, g.kernels.at(0)));
  // A different view is a different protocol.
  ProtocolFile h = parse_protocol(
      "kernel k {\n  shared A<4>;\n  global T<2> : 2;\n  wr A<8>[threadIdx.x];\n  rd A<1:4>[3];\n  wr A<1>[threadIdx.x] = 7;\n"
      "  rd A[threadIdx.x];\n  atomic T<8:2>[0][threadIdx.x];\n}\n",
      "t.map");
  EXPECT_FALSE(equal(k, h.kernels.at(0)));
}

TEST(Parser, ReportsByteViewErrorsWithPositions) {
  EXPECT_EQ(error_of("kernel k {\n  shared A;\n  rd A<16>[0];\n}\n"),
            "3:3: byte view of array 'A' without an element size: declare it as 'shared A<bytes>'");
  EXPECT_EQ(error_of("kernel k {\n  global A : 2;\n  wr A<1:4>[0][1];\n}\n"),
            "3:3: byte view of array 'A' without an element size: declare it as 'global A<bytes>'");
  EXPECT_EQ(error_of("kernel k {\n  shared A<0>;\n}\n"), "2:3: array 'A' needs a positive element size");
  EXPECT_EQ(error_of("kernel k {\n  shared A<4>;\n  rd A<0>[0];\n}\n"),
            "3:3: a byte view of 'A' needs a positive unit and width");
  EXPECT_EQ(error_of("kernel k {\n  shared A<4>;\n  rd A<4:0>[0];\n}\n"),
            "3:3: a byte view of 'A' needs a positive unit and width");
  EXPECT_EQ(error_of("kernel k {\n  shared A<4>;\n  rd A<4[0];\n}\n"), "3:9: expected '>', found '['");
  EXPECT_EQ(error_of("kernel k {\n  shared A<4>;\n  rd A<x>[0];\n}\n"), "3:8: expected a number of bytes, found 'x'");
}

TEST(Parser, ReadsAndPrintsTicketDeclarations) {
  const char* text = R"(kernel k {
  global out;
  ticket a of global c[0][2];
  uniform N;
  for i in 0..N {
    ticket t, u of shared count;
    wr out[t + u + a];
  }
}
)";
  ProtocolFile f = parse_protocol(text, "t.map");
  const Kernel& k = f.kernels.at(0);
  ASSERT_EQ(k.vars.size(), 2u);
  EXPECT_EQ(k.vars[0].kind, Uniformity::Thread);
  EXPECT_EQ(k.vars[0].ticket, (TicketCounter{MemorySpace::Global, "c", {0, 2}}));
  EXPECT_FALSE(k.vars[1].ticket);
  const Loop& l = k.body.at(0).as<Loop>();
  EXPECT_EQ(l.body.at(1).as<Decl>().name, "u");
  EXPECT_EQ(l.body.at(1).as<Decl>().ticket, (TicketCounter{MemorySpace::Shared, "count", {}}));
  // Printed back one declaration per name, and equal after a round trip.
  std::string printed = print(f);
  EXPECT_NE(printed.find("    ticket t of shared count;\n    ticket u of shared count;\n"), std::string::npos) << printed;
  EXPECT_NE(printed.find("  ticket a of global c[0][2];\n"), std::string::npos) << printed;
  EXPECT_TRUE(equal(k, parse_protocol(printed, "printed").kernels.at(0)));
  // Another counter, another cell or a plain unknown is another protocol.
  for (const char* other : {"ticket a of global d[0][2];", "ticket a of global c[0][3];", "ticket a of shared c[0][2];",
                            "local a;"}) {
    std::string changed = text;
    changed.replace(changed.find("ticket a of global c[0][2];"), 27, other);
    EXPECT_FALSE(equal(k, parse_protocol(changed, "t.map").kernels.at(0))) << other;
  }
  // `ticket` and `of` stay usable as names.
  EXPECT_NO_THROW(parse_protocol("kernel k { shared A; uniform ticket; ticket of of global c; rd A[ticket + of]; }", "t.map"));
  EXPECT_EQ(error_of("kernel k {\n  ticket t of count;\n}\n"), "2:15: expected 'shared' or 'global' and the counter, found 'count'");
  EXPECT_EQ(error_of("kernel k {\n  ticket t shared c;\n}\n"), "2:12: expected 'of', found 'shared'");
}

TEST(Parser, ReadsAndPrintsBarrierScopes) {
  const char* text = R"(kernel k {
  global A;
  uniform grid, warp;
  sync;
  sync grid;
  sync warp 32;
  sync warp 2 shared;
  sync grid global;
  rd A[grid + warp];
}
)";
  ProtocolFile f = parse_protocol(text, "t.map");
  const Kernel& k = f.kernels.at(0);
  std::vector<std::pair<SyncScope, int>> scopes;
  for (const auto& s : k.body)
    if (s.is<Sync>()) scopes.emplace_back(s.as<Sync>().scope, s.as<Sync>().width);
  EXPECT_EQ(scopes, (std::vector<std::pair<SyncScope, int>>{{SyncScope::Block, 0},
                                                           {SyncScope::Grid, 0},
                                                           {SyncScope::Warp, 32},
                                                           {SyncScope::Warp, 2},
                                                           {SyncScope::Grid, 0}}));
  EXPECT_FALSE(k.body.at(3).as<Sync>().orders_global);
  EXPECT_FALSE(k.body.at(4).as<Sync>().orders_shared);
  std::string printed = print(f);
  EXPECT_NE(printed.find("  sync grid;\n  sync warp 32;\n  sync warp 2 shared;\n  sync grid global;\n"),
            std::string::npos)
      << printed;
  EXPECT_TRUE(equal(k, parse_protocol(printed, "printed").kernels.at(0)));
  // Another scope or width is another protocol.
  for (const char* other : {"sync;", "sync warp 16;", "sync grid;"}) {
    std::string changed = text;
    changed.replace(changed.find("sync warp 32;"), 13, other);
    EXPECT_FALSE(equal(k, parse_protocol(changed, "t.map").kernels.at(0))) << other;
  }
  // A warp needs a width of at least 2.
  EXPECT_THROW(parse_protocol("kernel k { shared A; sync warp 1; }", "t.map"), racecert::Error);
  EXPECT_THROW(parse_protocol("kernel k { shared A; sync warp; }", "t.map"), racecert::Error);
}

TEST(Parser, MissingFileIsAnInputError) {
  try {
    parse_protocol_file("/nonexistent/file.map");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    EXPECT_EQ(e.render(), "/nonexistent/file.map: error: cannot read file: No such file or directory");
  }
}
