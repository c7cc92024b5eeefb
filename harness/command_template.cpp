#include "harness/command_template.hpp"

#include "support/diagnostic.hpp"

namespace racecert::harness {

std::vector<std::string> split_command(const std::string& text) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(cur);
      cur.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      std::size_t end = text.find('\'', i + 1);
      if (end == std::string::npos) throw usage_error("unterminated ' in command '" + text + "'");
      cur += text.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '\\' && j + 1 < text.size() && (text[j + 1] == '"' || text[j + 1] == '\\')) ++j;
        cur += text[j];
      }
      if (j >= text.size()) throw usage_error("unterminated \" in command '" + text + "'");
      i = j;
    } else if (c == '\\' && i + 1 < text.size()) {
      cur += text[++i];
    } else {
      cur += c;
    }
  }
  if (in_word) words.push_back(cur);
  return words;
}

std::string shell_quote(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                              "@%_+=:,./-") == std::string::npos)
    return word;
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string shell_join(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) {
    if (!s.empty()) s += ' ';
    s += shell_quote(w);
  }
  return s;
}

std::vector<std::string> expand_template(const std::vector<std::string>& words,
                                         const std::map<std::string, std::vector<std::string>>& values) {
  std::vector<std::string> out;
  for (const auto& w : words) {
    std::string result;
    bool dropped = false, whole = false;
    std::size_t i = 0;
    while (i < w.size()) {
      std::size_t open = w.find('{', i);
      if (open == std::string::npos) {
        result += w.substr(i);
        break;
      }
      std::size_t close = w.find('}', open);
      if (close == std::string::npos) {
        result += w.substr(i);
        break;
      }
      result += w.substr(i, open - i);
      std::string key = w.substr(open + 1, close - open - 1);
      auto it = values.find(key);
      if (it == values.end()) throw usage_error("unknown placeholder {" + key + "} in the tool command");
      if (open == 0 && close + 1 == w.size()) {
        out.insert(out.end(), it->second.begin(), it->second.end());
        whole = true;
        break;
      }
      std::string joined;
      for (const auto& v : it->second) joined += (joined.empty() ? "" : " ") + v;
      if (joined.empty()) dropped = true;
      result += joined;
      i = close + 1;
    }
    if (!whole && !dropped) out.push_back(result);
  }
  return out;
}

}  // namespace racecert::harness
