#pragma once
// The byte view of a part of a vector's cell (a component, a swizzle):
// plain arithmetic, apart from Clang, so that a test can compare the view
// with the bytes it must name (tests/frontend/vector_view_test.cpp).
#include <cstdint>
#include <numeric>

namespace racecert::frontend {

// The location of a part: last index n * scale + shift, counting `unit`
// bytes, `width` bytes wide; unit == 0 (and width == 0) is the array's
// element, without a view (kir::Location).
struct PartView {
  std::int64_t scale = 1, shift = 0, unit = 0, width = 0;
};

// Bytes [first, first + bytes) of a cell whose last index n counts
// `cell_unit` bytes (the element size when the cell has no view), in an
// array of `element_bytes`-byte elements. The unit is the largest one that
// the cell's start and the part's start and length all fall on, so the
// view names exactly those bytes; a part that is one whole element needs
// no view.
inline PartView part_view(std::int64_t cell_unit, std::int64_t element_bytes, std::int64_t first, std::int64_t bytes) {
  std::int64_t g = std::gcd(std::gcd(cell_unit, first), bytes);
  if (g == element_bytes && bytes == element_bytes && cell_unit % element_bytes == 0)
    return PartView{cell_unit / element_bytes, first / element_bytes, 0, 0};
  return PartView{cell_unit / g, first / g, g, bytes};
}

}  // namespace racecert::frontend
