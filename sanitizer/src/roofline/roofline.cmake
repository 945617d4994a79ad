# --- wavesan-roofline, the decode/prefill roofline ----------
# wavesan/roofline.h: arithmetic (roofline.cpp) and text/JSON reports (roofline_format.cpp).
# fmt and nlohmann-json3-dev (header-only JSON, <nlohmann/json.hpp>) from Debian. A plain
# host library: no emulator, no GPU. `wavesan roofline` (tools/cli/roofline_command.cpp)
# is its front end; docs/wavesan-roofline.md.
find_package(nlohmann_json 3 REQUIRED)
add_library(wavesan-roofline STATIC
  ${CMAKE_CURRENT_LIST_DIR}/roofline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/roofline_format.cpp)
target_compile_features(wavesan-roofline PUBLIC cxx_std_20)
target_include_directories(wavesan-roofline PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_LIST_DIR}/../../include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/wavesan-emu>)
target_link_libraries(wavesan-roofline PRIVATE fmt::fmt nlohmann_json::nlohmann_json)
set_target_properties(wavesan-roofline PROPERTIES POSITION_INDEPENDENT_CODE ON)
# --- end
