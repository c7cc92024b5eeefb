#pragma once
// One row of a harness run: one tool on one kernel, one run. The CSV file,
// the summary and the plots are all made from these rows, so `merge` can
// rebuild them from CSV files written on other machines.
#include <ostream>
#include <string>
#include <vector>

#include "harness/classify.hpp"

namespace racecert::harness {

struct ResultRow {
  std::string tool;
  std::string dataset;
  std::string kernel;         // path relative to the dataset root
  std::string family;         // synthetic family, empty otherwise
  int size = 0;               // synthetic size, 0 otherwise
  std::string expected;       // "drf" or "racy"
  std::string verdict;        // the tool's answer (see Verdict)
  Outcome outcome = Outcome::Crash;
  int run = 1;                // 1..K with --repeat K
  double wall_s = 0;
  double cpu_s = 0;
  long peak_rss_kb = -1;      // -1: not measured
  std::string exit_status;
  std::string detail;
};

// The CSV columns, in order (docs/harness.md describes each).
const std::vector<std::string>& csv_columns();

void write_csv(const std::vector<ResultRow>& rows, std::ostream& os);
// Writes to a file, creating its directory. Throws input_error when it cannot.
void write_csv_file(const std::vector<ResultRow>& rows, const std::string& path);

// Reads a CSV file written by write_csv (columns found by name, so extra
// columns are ignored). Throws input_error ("file:line: ...") when malformed.
std::vector<ResultRow> read_csv(const std::string& text, const std::string& filename);

// The CSV grammar (X3, csv_grammar.cpp): records of fields, RFC 4180
// quoting. Throws input_error with the line of the first malformed record.
std::vector<std::vector<std::string>> parse_csv_records(const std::string& text, const std::string& filename);

}  // namespace racecert::harness
