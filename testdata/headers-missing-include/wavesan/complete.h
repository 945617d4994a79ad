// A header that includes what it uses: accepted on its own.
#pragma once

#include <string>

inline std::string farewell() { return "bye"; }
