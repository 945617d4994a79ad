// A header that uses std::string without including <string>: it compiles only after
// something else included <string>. tests/sanitizer/check_headers.cmake must reject it.
#pragma once

inline std::string greeting() { return "hello"; }
