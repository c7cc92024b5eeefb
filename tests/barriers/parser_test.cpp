// The text form: what it accepts, the printer round trip, and one-line
// errors with exact positions for malformed input.
#include <gtest/gtest.h>

#include <filesystem>

#include "barriers/printer.hpp"
#include "support/diagnostic.hpp"
#include "test_util.hpp"

namespace racecert::barriers {
namespace {

using testing::parse_one;

TEST(Parser, Figure3) {
  Program p = testing::load("fig3-working-example.bar");
  EXPECT_EQ(p.name, "fig3");
  EXPECT_EQ(p.block_threads, 64u);
  EXPECT_FALSE(p.lockstep);
  ASSERT_EQ(p.units.size(), 2u);
  EXPECT_EQ(describe(p.units[1]), "warp 1 (threads 32..63)");
  ASSERT_EQ(p.units[0].cmds.size(), 6u);
  const Command& c = p.units[0].cmds[2];
  EXPECT_EQ(c.op, Op::Arrive);
  EXPECT_EQ(c.arg, 1u);
  EXPECT_EQ(c.aux, 64u);
  EXPECT_EQ(p.loc_of(c).str(), testing::dataset("fig3-working-example.bar") + ":10:5");
  EXPECT_EQ(describe(p, p.units[0].cmds[1]), "write g[lane]");
}

TEST(Parser, UnitsBlockAndIndexForms) {
  Program p = parse_one(
      "kernel k lockstep {\n"
      "  thread 3 { read s[2*tid - 1]; write s[-lane + 3] }\n"
      "  threads 4..7 \"dma\" { write s[{3, 2, -1, 0}] }\n"
      "  threads 8..8 { read s }\n"
      "  warp 1 { write s[warp*64 + lane] }\n"
      "}");
  EXPECT_TRUE(p.lockstep);
  EXPECT_EQ(p.block_threads, 64u);  // no `block`: up to the last unit
  EXPECT_EQ(describe(p.units[0]), "thread 3");
  EXPECT_EQ(describe(p.units[1]), "dma (threads 4..7)");
  EXPECT_EQ(describe(p.units[2]), "thread 8");
  EXPECT_EQ(p.units[3].first_thread, 32u);
  auto index = [&](int u, int c) { return p.indices.at(p.units[u].cmds[c].aux); };
  EXPECT_EQ(index(0, 0).at(3, 3), 5);
  EXPECT_EQ(index(0, 1).at(3, 3), 0);
  EXPECT_EQ(index(1, 0).at(6, 4), -1);
  EXPECT_EQ(index(3, 0).at(33, 32), 65);
  EXPECT_EQ(p.units[2].cmds[0].aux, kNoIndex);
  EXPECT_EQ(describe_index(index(0, 0)), "2*tid - 1");
  // A warp is clipped to the block.
  Program q = parse_one("kernel k block 48 { warp 1 { read x } }");
  EXPECT_EQ(q.units[0].num_threads, 16u);
}

TEST(Parser, CommentsSemicolonsAndSeveralKernels) {
  auto ps = parse_text("# hash comment\nkernel a { warp 0 { sync 0 32; /* c */ arrive 1 32 read x } }\n"
                       "// line comment\nkernel b block 32 { }",
                       "t.bar");
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[0].units[0].cmds.size(), 3u);
  EXPECT_EQ(ps[1].units.size(), 0u);
}

TEST(Printer, RoundTripsEveryDataset) {
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(testing::dataset(""))) {
    if (e.path().extension() != ".bar") continue;
    auto ps = parse_text_file(e.path().string());
    std::string text = print(ps);
    auto again = parse_text(text, "printed.bar");
    ASSERT_EQ(again.size(), ps.size()) << e.path();
    for (std::size_t i = 0; i < ps.size(); ++i) EXPECT_TRUE(same_program(ps[i], again[i])) << e.path() << "\n" << text;
    EXPECT_EQ(print(again), text);
    ++files;
  }
  EXPECT_GE(files, 12);
}

TEST(Printer, Format) {
  Program p = parse_one("kernel k block 64 { warp 0 \"producer\" { sync 0 64; write b[lane + 32] } thread 40 { unknown \"a \\\"b\\\"\" } }");
  EXPECT_EQ(print(p),
            "kernel k block 64 {\n"
            "  threads 0..31 \"producer\" {\n"
            "    sync 0 64\n"
            "    write b[lane + 32]\n"
            "  }\n"
            "  thread 40 {\n"
            "    unknown \"a \\\"b\\\"\"\n"
            "  }\n"
            "}\n");
}

std::string error_of(const std::string& text) {
  try {
    parse_text(text, "t.bar");
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    return e.render();
  }
  return "no error";
}

TEST(Parser, AccessWidths) {
  Program p = parse_one("kernel k block 64 {\n  warp 0 { write b[16*lane] width 16; read b width 4; read b[lane] }\n}");
  const auto& cmds = p.units.at(0).cmds;
  ASSERT_EQ(cmds.size(), 3u);
  EXPECT_EQ(p.width(cmds[0]), 16);
  EXPECT_EQ(p.width(cmds[1]), 4);  // a scalar of width 4 is address 0 of width 4
  EXPECT_EQ(p.address(cmds[1], p.units[0], 5), 0);
  EXPECT_EQ(p.width(cmds[2]), 1);
  EXPECT_EQ(describe(p, cmds[0]), "write b[16*lane] width 16");
  EXPECT_EQ(describe(p, cmds[1]), "read b[0] width 4");
  EXPECT_EQ(describe(p, cmds[2]), "read b[lane]");
  Program q = parse_one(print(p));
  EXPECT_TRUE(same_program(p, q)) << print(p);
  // The same address with another width is another index form.
  Program r = parse_one("kernel k block 64 { warp 0 { write b[lane] width 2; write b[lane] } }");
  EXPECT_NE(r.units[0].cmds[0].aux, r.units[0].cmds[1].aux);
  EXPECT_EQ(error_of("kernel k { warp 0 { read x[lane] width 0 } }"),
            "t.bar:1:40: error: access width must be between 1 and 256");
  EXPECT_EQ(error_of("kernel k { warp 0 { read x width } }"), "t.bar:1:34: error: expected an access width, found '}'");
}

TEST(Parser, StoredValues) {
  Program p = parse_one(
      "kernel k block 64 {\n"
      "  warp 0 { write s[lane] value -7; read s; write s width 4 value 1065353216 }\n"
      "  threads 32..35 { write s[tid] value {0, 1, 1, -2}; write s }\n"
      "}");
  const Unit& w = p.units.at(0);
  ASSERT_EQ(w.values.size(), 2u);
  EXPECT_EQ(w.values[0].cmd, 0u);
  EXPECT_EQ(w.values[1].cmd, 2u);
  EXPECT_EQ(p.stored_value(w, 0, 5), -7);
  EXPECT_EQ(p.stored_value(w, 1, 5), std::nullopt);  // a read
  EXPECT_EQ(p.stored_value(w, 2, 0), 1065353216);
  const Unit& t = p.units.at(1);
  EXPECT_EQ(p.stored_value(t, 0, 32), 0);
  EXPECT_EQ(p.stored_value(t, 0, 35), -2);
  EXPECT_EQ(p.stored_value(t, 1, 35), std::nullopt);  // a write of an unknown value
  std::string text = print(p);
  EXPECT_NE(text.find("write s[lane] value -7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("write s[tid] value {0, 1, 1, -2}\n"), std::string::npos) << text;
  EXPECT_TRUE(same_program(p, parse_one(text))) << text;
  Program other = parse_one(
      "kernel k block 64 {\n"
      "  warp 0 { write s[lane] value -7; read s; write s width 4 value 1065353216 }\n"
      "  threads 32..35 { write s[tid] value {0, 1, 1, 2}; write s }\n"
      "}");
  EXPECT_FALSE(same_program(p, other));
  EXPECT_EQ(error_of("kernel k { warp 0 { read x value 1 } }"), "t.bar:1:28: error: only a write stores a value");
  EXPECT_EQ(error_of("kernel k { threads 0..3 { write x value {1, 2} } }"),
            "t.bar:1:27: error: value table has 2 entries but threads 0..3 has 4 threads");
  EXPECT_EQ(error_of("kernel k { warp 0 { write x value } }"), "t.bar:1:35: error: expected a value, found '}'");
}

TEST(Parser, ErrorsHavePositions) {
  EXPECT_EQ(error_of(""), "t.bar:1:1: error: expected 'kernel', found end of input");
  EXPECT_EQ(error_of("// only a comment\n"), "t.bar:2:1: error: expected 'kernel', found end of input");
  EXPECT_EQ(error_of("kernel k block 64 { warp 0 { sync 16 64 } }"),
            "t.bar:1:35: error: barrier 16 out of range (0..15)");
  EXPECT_EQ(error_of("kernel k block 64 {\n  warp 0 { sync 0 0 }\n}"),
            "t.bar:2:19: error: thread count 0 out of range (1..1024)");
  EXPECT_EQ(error_of("kernel k block 64 { warp 0 { sync 0 64 "),
            "t.bar:1:40: error: expected a command (sync, arrive, read, write, unknown) or '}', found end of input");
  EXPECT_EQ(error_of("kernel k {\n  wrap 0 { }\n}"),
            "t.bar:2:3: error: expected a unit (warp, thread, threads) or '}', found 'wrap'");
  EXPECT_EQ(error_of("kernel k { warp 0 { read x } } junk"),
            "t.bar:1:32: error: expected 'kernel' or end of input, found 'junk'");
  EXPECT_EQ(error_of("kernel k { warp 0 { read x }\n threads 16..47 { read x } }"),
            "t.bar:2:2: error: threads 16..47 overlaps warp 0 (threads 0..31)");
  EXPECT_EQ(error_of("kernel k block 64 { warp 2 { read x } }"),
            "t.bar:1:21: error: warp 2 lies outside the block of 64 threads");
  EXPECT_EQ(error_of("kernel k { threads 0..3 { read x[{1,2,3}] } }"),
            "t.bar:1:27: error: index table has 3 entries but threads 0..3 has 4 threads");
  EXPECT_EQ(error_of("kernel k { warp 0 { } }\nkernel k { warp 0 { } }"), "t.bar:2:8: error: kernel 'k' defined twice");
  EXPECT_EQ(error_of("kernel k { warp 0 { sync 99999999999999999999999 1 } }"),
            "t.bar:1:26: error: expected a barrier number, found '99999999999999999999999'");
  EXPECT_EQ(error_of("kernel k { warp 0 { read x[99999999*tid] } }"), "t.bar:1:28: error: index too large");
  EXPECT_EQ(error_of("kernel k { warp 0 { read x[ } }"), "t.bar:1:29: error: expected an index, found '}'");
  EXPECT_EQ(error_of("kernel k { warp 0 { read x[lane*tid] } }"), "t.bar:1:33: error: expected a number, found 'tid'");
  EXPECT_EQ(error_of(std::string("kernel k { warp 0 { read \x01 } }")),
            "t.bar:1:26: error: expected a variable name, found a non-printable byte");
  EXPECT_EQ(error_of("kernel k block 2000 { }"), "t.bar:1:16: error: block size must be between 1 and 1024 threads");
  EXPECT_EQ(error_of("kernel k { threads 5..2 { } }"), "t.bar:1:12: error: empty thread range");
  EXPECT_EQ(error_of("kernel k { warp 0 { unknown \"open } }"), "t.bar:1:38: error: expected '\"', found end of input");
  EXPECT_EQ(error_of("kernel k block 64 block 32 { }"), "t.bar:1:25: error: block size given twice");
  EXPECT_EQ(error_of("kernel k { warp 0 { sync 1 } }"), "t.bar:1:28: error: expected a thread count, found '}'");
  EXPECT_EQ(error_of("kernel 9k { }"), "t.bar:1:8: error: expected a kernel name, found '9k'");
  EXPECT_EQ(error_of("kernel k { warp 0 { /* never closed } }"),
            "t.bar:1:21: error: expected a command (sync, arrive, read, write, unknown) or '}', found '/'");
}

TEST(Parser, MissingFileIsBadInput) {
  try {
    parse_text_file("/nonexistent/x.bar");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    EXPECT_EQ(e.render(), "/nonexistent/x.bar: error: cannot read file: No such file or directory");
  }
}

}  // namespace
}  // namespace racecert::barriers
