# --- the XCD model (wavesan-xcd), its SVG, the tile recorder and
# `wavesan xcd`. The SVG test parses the picture with libxml2 (Debian libxml2-dev); the
# recorder test's kernel includes the checker's remap (checker/include/wavecheck/xcd_remap.h).
if(TARGET wavesan-xcd)
  find_package(LibXml2 REQUIRED)
  wavesan_test(xcd_test XcdTest.cpp XcdSvgTest.cpp XcdRecorderTest.cpp)
  target_link_libraries(xcd_test PRIVATE wavesan-xcd LibXml2::LibXml2)
  target_include_directories(xcd_test PRIVATE ${PROJECT_SOURCE_DIR}/checker/include)
  if(TARGET wavesan-cli)
    wavesan_test(xcd_cli_test XcdCliTest.cpp)
    target_compile_definitions(xcd_cli_test PRIVATE WAVESAN_CLI="$<TARGET_FILE:wavesan-cli>")
    add_dependencies(xcd_cli_test wavesan-cli)
  endif()
endif()
# --- end
