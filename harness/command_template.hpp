#pragma once
// Command lines as text: the generic tool adapter's template
// ("mytool --dims {block} {file}") and the shell-quoted lines of
// --emit-jobs. No shell ever runs a tool: templates are split into words
// here and executed directly, so file names with blanks or quotes are safe.
#include <map>
#include <string>
#include <vector>

namespace racecert::harness {

// Splits like a POSIX shell would for plain words, '...' and "..." quoting
// and backslash escapes; no expansion. Throws usage_error on an unterminated
// quote.
std::vector<std::string> split_command(const std::string& text);

// Quotes one word for a POSIX shell ('...' unless it is plainly safe).
std::string shell_quote(const std::string& word);
std::string shell_join(const std::vector<std::string>& words);

// Placeholder values: each is a list of words. A word that is exactly
// "{key}" becomes all the key's words (none when empty); a word that
// contains "{key}" among other text takes the words joined by blanks, and is
// dropped when that is empty (so "--blockDim={block}" disappears for a kernel
// without dimensions). Throws usage_error for an unknown placeholder.
std::vector<std::string> expand_template(const std::vector<std::string>& words,
                                         const std::map<std::string, std::vector<std::string>>& values);

}  // namespace racecert::harness
