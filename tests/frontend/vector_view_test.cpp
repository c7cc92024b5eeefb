// part_view (frontend/vector_view.hpp), the byte view of a vector
// component or swizzle, against the bytes it must name: for random cells
// (an element, or a view of any unit), vectors and parts, the view covers
// exactly bytes [n * cell_unit + first, ... + bytes) of the array.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "frontend/vector_view.hpp"

using racecert::frontend::part_view;
using racecert::frontend::PartView;

namespace {

// The bytes a location names: index i counting `unit` bytes, `width` wide,
// or element i without a view.
std::set<std::int64_t> bytes_of(std::int64_t i, std::int64_t unit, std::int64_t width, std::int64_t element) {
  std::int64_t u = unit ? unit : element, w = unit ? width : element;
  std::set<std::int64_t> out;
  for (std::int64_t b = i * u; b < i * u + w; ++b) out.insert(b);
  return out;
}

}  // namespace

TEST(VectorView, ExamplesOfTheDocs) {
  // .y of float4 element n: unit 4, index 4n + 1.
  PartView y = part_view(16, 16, 4, 4);
  EXPECT_EQ(y.scale, 4);
  EXPECT_EQ(y.shift, 1);
  EXPECT_EQ(y.unit, 4);
  EXPECT_EQ(y.width, 4);
  // .lo of a float8: unit 16, index 2n.
  PartView lo = part_view(32, 32, 0, 16);
  EXPECT_EQ(lo.scale, 2);
  EXPECT_EQ(lo.shift, 0);
  EXPECT_EQ(lo.unit, 16);
  // .y of a float4 view <16> over floats: float 4n + 1, no view.
  PartView f = part_view(16, 4, 4, 4);
  EXPECT_EQ(f.unit, 0);
  EXPECT_EQ(f.scale, 4);
  EXPECT_EQ(f.shift, 1);
}

TEST(VectorView, RandomPartsNameExactlyTheirBytes) {
  std::mt19937 rng(20261125);
  auto pick = [&](std::initializer_list<std::int64_t> xs) {
    std::vector<std::int64_t> v(xs);
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
  };
  for (int trial = 0; trial < 20000; ++trial) {
    std::int64_t c = pick({1, 2, 4, 8});               // component bytes
    std::int64_t k = pick({2, 3, 4, 8, 16});           // components
    std::int64_t vector = c * (k == 3 ? 4 : k);        // a 3-vector takes 4
    // The array: whole vectors, or scalars (of c bytes or smaller) seen as vectors.
    std::int64_t element = pick({vector, c, std::max<std::int64_t>(1, c / 2)});
    // The cell's unit: the element (no view), or a view unit the cell starts on.
    std::int64_t cell_unit = element == vector ? vector : pick({vector, element});
    std::int64_t lo = std::uniform_int_distribution<std::int64_t>(0, k - 1)(rng);
    std::int64_t hi = std::uniform_int_distribution<std::int64_t>(lo, k - 1)(rng);
    std::int64_t n = std::uniform_int_distribution<std::int64_t>(0, 40)(rng);
    std::int64_t first = lo * c, bytes = (hi - lo + 1) * c;
    PartView p = part_view(cell_unit, element, first, bytes);
    std::set<std::int64_t> want;
    for (std::int64_t b = n * cell_unit + first; b < n * cell_unit + first + bytes; ++b) want.insert(b);
    ASSERT_EQ(bytes_of(n * p.scale + p.shift, p.unit, p.width, element), want)
        << "cell unit " << cell_unit << ", element " << element << ", bytes [" << first << ", " << first + bytes
        << "), n " << n;
    // A view never lies across a row boundary it could not name: its unit
    // divides the cell's.
    if (p.unit) { EXPECT_EQ(cell_unit % p.unit, 0); }
  }
}
