# --- wavesan-doctor, the node runbook behind `wavesan doctor` ---
# Included from sanitizer/CMakeLists.txt. Parsers for rocminfo / amd-smi text, the runbook
# checks, text and JSON output (nlohmann-json3-dev), and the process probes (posix_spawn).
# No HIP dependency: the CLI passes the HIP runtime's view in (wavesan/hip_backend.h).
find_package(nlohmann_json 3 REQUIRED)   # Debian: nlohmann-json3-dev
add_library(wavesan-doctor STATIC
  ${CMAKE_CURRENT_LIST_DIR}/parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parse_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gather.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/framework.cpp
  ${CMAKE_CURRENT_LIST_DIR}/format.cpp
  ${CMAKE_CURRENT_LIST_DIR}/system.cpp)
target_compile_features(wavesan-doctor PUBLIC cxx_std_20)
target_include_directories(wavesan-doctor PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/wavesan-emu>)
target_link_libraries(wavesan-doctor PRIVATE nlohmann_json::nlohmann_json
                      $<BUILD_INTERFACE:wavecommon>)
set_target_properties(wavesan-doctor PROPERTIES POSITION_INDEPENDENT_CODE ON)
# --- end
