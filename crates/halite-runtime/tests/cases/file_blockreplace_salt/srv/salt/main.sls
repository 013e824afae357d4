{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup1:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f1
br1_without_nl_None_append:
  file.blockreplace:
    - name: {{ s }}/f1
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
again1:
  file.blockreplace:
    - name: {{ s }}/f1
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
show1:
  cmd.run:
    - name: od -c {{ s }}/f1
setup2:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f2
br2_without_nl_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f2
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
again2:
  file.blockreplace:
    - name: {{ s }}/f2
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
show2:
  cmd.run:
    - name: od -c {{ s }}/f2
setup3:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f3
br3_without_nl_True_append:
  file.blockreplace:
    - name: {{ s }}/f3
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again3:
  file.blockreplace:
    - name: {{ s }}/f3
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show3:
  cmd.run:
    - name: od -c {{ s }}/f3
setup4:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f4
br4_without_nl_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f4
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again4:
  file.blockreplace:
    - name: {{ s }}/f4
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show4:
  cmd.run:
    - name: od -c {{ s }}/f4
setup5:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f5
br5_without_nl_False_append:
  file.blockreplace:
    - name: {{ s }}/f5
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again5:
  file.blockreplace:
    - name: {{ s }}/f5
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show5:
  cmd.run:
    - name: od -c {{ s }}/f5
setup6:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f6
br6_without_nl_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f6
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again6:
  file.blockreplace:
    - name: {{ s }}/f6
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show6:
  cmd.run:
    - name: od -c {{ s }}/f6
setup7:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f7
br7_without_strip_None_append:
  file.blockreplace:
    - name: {{ s }}/f7
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
again7:
  file.blockreplace:
    - name: {{ s }}/f7
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
show7:
  cmd.run:
    - name: od -c {{ s }}/f7
setup8:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f8
br8_without_strip_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f8
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
again8:
  file.blockreplace:
    - name: {{ s }}/f8
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
show8:
  cmd.run:
    - name: od -c {{ s }}/f8
setup9:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f9
br9_without_strip_True_append:
  file.blockreplace:
    - name: {{ s }}/f9
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again9:
  file.blockreplace:
    - name: {{ s }}/f9
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show9:
  cmd.run:
    - name: od -c {{ s }}/f9
setup10:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f10
br10_without_strip_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f10
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again10:
  file.blockreplace:
    - name: {{ s }}/f10
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show10:
  cmd.run:
    - name: od -c {{ s }}/f10
setup11:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f11
br11_without_strip_False_append:
  file.blockreplace:
    - name: {{ s }}/f11
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again11:
  file.blockreplace:
    - name: {{ s }}/f11
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show11:
  cmd.run:
    - name: od -c {{ s }}/f11
setup12:
  cmd.run:
    - name: printf "Hello world!\n\n# comment here\n" > {{ s }}/f12
br12_without_strip_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f12
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again12:
  file.blockreplace:
    - name: {{ s }}/f12
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show12:
  cmd.run:
    - name: od -c {{ s }}/f12
setup13:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f13
br13_nonmatch_nl_None_plain:
  file.blockreplace:
    - name: {{ s }}/f13
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
again13:
  file.blockreplace:
    - name: {{ s }}/f13
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
show13:
  cmd.run:
    - name: od -c {{ s }}/f13
setup14:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f14
br14_nonmatch_nl_None_append:
  file.blockreplace:
    - name: {{ s }}/f14
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
again14:
  file.blockreplace:
    - name: {{ s }}/f14
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
show14:
  cmd.run:
    - name: od -c {{ s }}/f14
setup15:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f15
br15_nonmatch_nl_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f15
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
again15:
  file.blockreplace:
    - name: {{ s }}/f15
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
show15:
  cmd.run:
    - name: od -c {{ s }}/f15
setup16:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f16
br16_nonmatch_nl_True_plain:
  file.blockreplace:
    - name: {{ s }}/f16
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
again16:
  file.blockreplace:
    - name: {{ s }}/f16
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
show16:
  cmd.run:
    - name: od -c {{ s }}/f16
setup17:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f17
br17_nonmatch_nl_True_append:
  file.blockreplace:
    - name: {{ s }}/f17
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again17:
  file.blockreplace:
    - name: {{ s }}/f17
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show17:
  cmd.run:
    - name: od -c {{ s }}/f17
setup18:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f18
br18_nonmatch_nl_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f18
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again18:
  file.blockreplace:
    - name: {{ s }}/f18
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show18:
  cmd.run:
    - name: od -c {{ s }}/f18
setup19:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f19
br19_nonmatch_nl_False_plain:
  file.blockreplace:
    - name: {{ s }}/f19
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
again19:
  file.blockreplace:
    - name: {{ s }}/f19
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
show19:
  cmd.run:
    - name: od -c {{ s }}/f19
setup20:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f20
br20_nonmatch_nl_False_append:
  file.blockreplace:
    - name: {{ s }}/f20
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again20:
  file.blockreplace:
    - name: {{ s }}/f20
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show20:
  cmd.run:
    - name: od -c {{ s }}/f20
setup21:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f21
br21_nonmatch_nl_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f21
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again21:
  file.blockreplace:
    - name: {{ s }}/f21
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show21:
  cmd.run:
    - name: od -c {{ s }}/f21
setup22:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f22
br22_nonmatch_strip_None_plain:
  file.blockreplace:
    - name: {{ s }}/f22
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
again22:
  file.blockreplace:
    - name: {{ s }}/f22
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
show22:
  cmd.run:
    - name: od -c {{ s }}/f22
setup23:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f23
br23_nonmatch_strip_None_append:
  file.blockreplace:
    - name: {{ s }}/f23
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
again23:
  file.blockreplace:
    - name: {{ s }}/f23
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
show23:
  cmd.run:
    - name: od -c {{ s }}/f23
setup24:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f24
br24_nonmatch_strip_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f24
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
again24:
  file.blockreplace:
    - name: {{ s }}/f24
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
show24:
  cmd.run:
    - name: od -c {{ s }}/f24
setup25:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f25
br25_nonmatch_strip_True_plain:
  file.blockreplace:
    - name: {{ s }}/f25
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
again25:
  file.blockreplace:
    - name: {{ s }}/f25
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
show25:
  cmd.run:
    - name: od -c {{ s }}/f25
setup26:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f26
br26_nonmatch_strip_True_append:
  file.blockreplace:
    - name: {{ s }}/f26
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again26:
  file.blockreplace:
    - name: {{ s }}/f26
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show26:
  cmd.run:
    - name: od -c {{ s }}/f26
setup27:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f27
br27_nonmatch_strip_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f27
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again27:
  file.blockreplace:
    - name: {{ s }}/f27
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show27:
  cmd.run:
    - name: od -c {{ s }}/f27
setup28:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f28
br28_nonmatch_strip_False_plain:
  file.blockreplace:
    - name: {{ s }}/f28
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
again28:
  file.blockreplace:
    - name: {{ s }}/f28
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
show28:
  cmd.run:
    - name: od -c {{ s }}/f28
setup29:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f29
br29_nonmatch_strip_False_append:
  file.blockreplace:
    - name: {{ s }}/f29
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again29:
  file.blockreplace:
    - name: {{ s }}/f29
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show29:
  cmd.run:
    - name: od -c {{ s }}/f29
setup30:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here\n# end\n# comment here\n" > {{ s }}/f30
br30_nonmatch_strip_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f30
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again30:
  file.blockreplace:
    - name: {{ s }}/f30
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show30:
  cmd.run:
    - name: od -c {{ s }}/f30
setup31:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here# end\n# comment here\n" > {{ s }}/f31
br31_nonmatch_nl_nl_None_plain:
  file.blockreplace:
    - name: {{ s }}/f31
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
again31:
  file.blockreplace:
    - name: {{ s }}/f31
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
show31:
  cmd.run:
    - name: od -c {{ s }}/f31
setup32:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here# end\n# comment here\n" > {{ s }}/f32
br32_nonmatch_nl_nl_True_plain:
  file.blockreplace:
    - name: {{ s }}/f32
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
again32:
  file.blockreplace:
    - name: {{ s }}/f32
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
show32:
  cmd.run:
    - name: od -c {{ s }}/f32
setup33:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here# end\n# comment here\n" > {{ s }}/f33
br33_nonmatch_nl_nl_False_plain:
  file.blockreplace:
    - name: {{ s }}/f33
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
again33:
  file.blockreplace:
    - name: {{ s }}/f33
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
show33:
  cmd.run:
    - name: od -c {{ s }}/f33
setup34:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here# end\n# comment here\n" > {{ s }}/f34
br34_nonmatch_nl_strip_None_plain:
  file.blockreplace:
    - name: {{ s }}/f34
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
again34:
  file.blockreplace:
    - name: {{ s }}/f34
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
show34:
  cmd.run:
    - name: od -c {{ s }}/f34
setup35:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here# end\n# comment here\n" > {{ s }}/f35
br35_nonmatch_nl_strip_True_plain:
  file.blockreplace:
    - name: {{ s }}/f35
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
again35:
  file.blockreplace:
    - name: {{ s }}/f35
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
show35:
  cmd.run:
    - name: od -c {{ s }}/f35
setup36:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nNo match here# end\n# comment here\n" > {{ s }}/f36
br36_nonmatch_nl_strip_False_plain:
  file.blockreplace:
    - name: {{ s }}/f36
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
again36:
  file.blockreplace:
    - name: {{ s }}/f36
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
show36:
  cmd.run:
    - name: od -c {{ s }}/f36
setup37:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n# end\n# comment here\n" > {{ s }}/f37
br37_match_nl_None_plain:
  file.blockreplace:
    - name: {{ s }}/f37
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
again37:
  file.blockreplace:
    - name: {{ s }}/f37
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
show37:
  cmd.run:
    - name: od -c {{ s }}/f37
setup38:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n# end\n# comment here\n" > {{ s }}/f38
br38_match_nl_True_plain:
  file.blockreplace:
    - name: {{ s }}/f38
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
again38:
  file.blockreplace:
    - name: {{ s }}/f38
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
show38:
  cmd.run:
    - name: od -c {{ s }}/f38
setup39:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n# end\n# comment here\n" > {{ s }}/f39
br39_match_nl_False_plain:
  file.blockreplace:
    - name: {{ s }}/f39
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
again39:
  file.blockreplace:
    - name: {{ s }}/f39
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
show39:
  cmd.run:
    - name: od -c {{ s }}/f39
setup40:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n# end\n# comment here\n" > {{ s }}/f40
br40_match_strip_None_plain:
  file.blockreplace:
    - name: {{ s }}/f40
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
again40:
  file.blockreplace:
    - name: {{ s }}/f40
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
show40:
  cmd.run:
    - name: od -c {{ s }}/f40
setup41:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n# end\n# comment here\n" > {{ s }}/f41
br41_match_strip_True_plain:
  file.blockreplace:
    - name: {{ s }}/f41
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
again41:
  file.blockreplace:
    - name: {{ s }}/f41
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
show41:
  cmd.run:
    - name: od -c {{ s }}/f41
setup42:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n# end\n# comment here\n" > {{ s }}/f42
br42_match_strip_False_plain:
  file.blockreplace:
    - name: {{ s }}/f42
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
again42:
  file.blockreplace:
    - name: {{ s }}/f42
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
show42:
  cmd.run:
    - name: od -c {{ s }}/f42
setup43:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n\n# end\n# comment here\n" > {{ s }}/f43
br43_match_extra_nl_None_plain:
  file.blockreplace:
    - name: {{ s }}/f43
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
again43:
  file.blockreplace:
    - name: {{ s }}/f43
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
show43:
  cmd.run:
    - name: od -c {{ s }}/f43
setup44:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n\n# end\n# comment here\n" > {{ s }}/f44
br44_match_extra_nl_True_plain:
  file.blockreplace:
    - name: {{ s }}/f44
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
again44:
  file.blockreplace:
    - name: {{ s }}/f44
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
show44:
  cmd.run:
    - name: od -c {{ s }}/f44
setup45:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n\n# end\n# comment here\n" > {{ s }}/f45
br45_match_extra_nl_False_plain:
  file.blockreplace:
    - name: {{ s }}/f45
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
again45:
  file.blockreplace:
    - name: {{ s }}/f45
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
show45:
  cmd.run:
    - name: od -c {{ s }}/f45
setup46:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n\n# end\n# comment here\n" > {{ s }}/f46
br46_match_extra_strip_None_plain:
  file.blockreplace:
    - name: {{ s }}/f46
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
again46:
  file.blockreplace:
    - name: {{ s }}/f46
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
show46:
  cmd.run:
    - name: od -c {{ s }}/f46
setup47:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n\n# end\n# comment here\n" > {{ s }}/f47
br47_match_extra_strip_True_plain:
  file.blockreplace:
    - name: {{ s }}/f47
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
again47:
  file.blockreplace:
    - name: {{ s }}/f47
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
show47:
  cmd.run:
    - name: od -c {{ s }}/f47
setup48:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block\n\n# end\n# comment here\n" > {{ s }}/f48
br48_match_extra_strip_False_plain:
  file.blockreplace:
    - name: {{ s }}/f48
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
again48:
  file.blockreplace:
    - name: {{ s }}/f48
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
show48:
  cmd.run:
    - name: od -c {{ s }}/f48
setup49:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block# end\n# comment here\n" > {{ s }}/f49
br49_match_nl_nl_None_plain:
  file.blockreplace:
    - name: {{ s }}/f49
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
again49:
  file.blockreplace:
    - name: {{ s }}/f49
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
show49:
  cmd.run:
    - name: od -c {{ s }}/f49
setup50:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block# end\n# comment here\n" > {{ s }}/f50
br50_match_nl_nl_True_plain:
  file.blockreplace:
    - name: {{ s }}/f50
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
again50:
  file.blockreplace:
    - name: {{ s }}/f50
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
show50:
  cmd.run:
    - name: od -c {{ s }}/f50
setup51:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block# end\n# comment here\n" > {{ s }}/f51
br51_match_nl_nl_False_plain:
  file.blockreplace:
    - name: {{ s }}/f51
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
again51:
  file.blockreplace:
    - name: {{ s }}/f51
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
show51:
  cmd.run:
    - name: od -c {{ s }}/f51
setup52:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block# end\n# comment here\n" > {{ s }}/f52
br52_match_nl_strip_None_plain:
  file.blockreplace:
    - name: {{ s }}/f52
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
again52:
  file.blockreplace:
    - name: {{ s }}/f52
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
show52:
  cmd.run:
    - name: od -c {{ s }}/f52
setup53:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block# end\n# comment here\n" > {{ s }}/f53
br53_match_nl_strip_True_plain:
  file.blockreplace:
    - name: {{ s }}/f53
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
again53:
  file.blockreplace:
    - name: {{ s }}/f53
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
show53:
  cmd.run:
    - name: od -c {{ s }}/f53
setup54:
  cmd.run:
    - name: printf "Hello world!\n\n# start\nLine 1 of block\nLine 2 of block# end\n# comment here\n" > {{ s }}/f54
br54_match_nl_strip_False_plain:
  file.blockreplace:
    - name: {{ s }}/f54
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
again54:
  file.blockreplace:
    - name: {{ s }}/f54
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
show54:
  cmd.run:
    - name: od -c {{ s }}/f54
setup55:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f55
br55_crlf_nl_None_append:
  file.blockreplace:
    - name: {{ s }}/f55
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
again55:
  file.blockreplace:
    - name: {{ s }}/f55
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
show55:
  cmd.run:
    - name: od -c {{ s }}/f55
setup56:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f56
br56_crlf_nl_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f56
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
again56:
  file.blockreplace:
    - name: {{ s }}/f56
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
show56:
  cmd.run:
    - name: od -c {{ s }}/f56
setup57:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f57
br57_crlf_nl_True_append:
  file.blockreplace:
    - name: {{ s }}/f57
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again57:
  file.blockreplace:
    - name: {{ s }}/f57
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show57:
  cmd.run:
    - name: od -c {{ s }}/f57
setup58:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f58
br58_crlf_nl_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f58
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again58:
  file.blockreplace:
    - name: {{ s }}/f58
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show58:
  cmd.run:
    - name: od -c {{ s }}/f58
setup59:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f59
br59_crlf_nl_False_append:
  file.blockreplace:
    - name: {{ s }}/f59
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again59:
  file.blockreplace:
    - name: {{ s }}/f59
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show59:
  cmd.run:
    - name: od -c {{ s }}/f59
setup60:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f60
br60_crlf_nl_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f60
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again60:
  file.blockreplace:
    - name: {{ s }}/f60
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show60:
  cmd.run:
    - name: od -c {{ s }}/f60
setup61:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f61
br61_crlf_strip_None_append:
  file.blockreplace:
    - name: {{ s }}/f61
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
again61:
  file.blockreplace:
    - name: {{ s }}/f61
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
show61:
  cmd.run:
    - name: od -c {{ s }}/f61
setup62:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f62
br62_crlf_strip_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f62
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
again62:
  file.blockreplace:
    - name: {{ s }}/f62
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
show62:
  cmd.run:
    - name: od -c {{ s }}/f62
setup63:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f63
br63_crlf_strip_True_append:
  file.blockreplace:
    - name: {{ s }}/f63
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again63:
  file.blockreplace:
    - name: {{ s }}/f63
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show63:
  cmd.run:
    - name: od -c {{ s }}/f63
setup64:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f64
br64_crlf_strip_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f64
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again64:
  file.blockreplace:
    - name: {{ s }}/f64
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show64:
  cmd.run:
    - name: od -c {{ s }}/f64
setup65:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f65
br65_crlf_strip_False_append:
  file.blockreplace:
    - name: {{ s }}/f65
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again65:
  file.blockreplace:
    - name: {{ s }}/f65
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show65:
  cmd.run:
    - name: od -c {{ s }}/f65
setup66:
  cmd.run:
    - name: printf "Hello world!\r\n\r\n# comment here\r\n" > {{ s }}/f66
br66_crlf_strip_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f66
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again66:
  file.blockreplace:
    - name: {{ s }}/f66
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show66:
  cmd.run:
    - name: od -c {{ s }}/f66
setup67:
  cmd.run:
    - name: printf "" > {{ s }}/f67
br67_empty_nl_None_append:
  file.blockreplace:
    - name: {{ s }}/f67
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
again67:
  file.blockreplace:
    - name: {{ s }}/f67
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
show67:
  cmd.run:
    - name: od -c {{ s }}/f67
setup68:
  cmd.run:
    - name: printf "" > {{ s }}/f68
br68_empty_nl_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f68
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
again68:
  file.blockreplace:
    - name: {{ s }}/f68
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
show68:
  cmd.run:
    - name: od -c {{ s }}/f68
setup69:
  cmd.run:
    - name: printf "" > {{ s }}/f69
br69_empty_nl_True_append:
  file.blockreplace:
    - name: {{ s }}/f69
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again69:
  file.blockreplace:
    - name: {{ s }}/f69
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show69:
  cmd.run:
    - name: od -c {{ s }}/f69
setup70:
  cmd.run:
    - name: printf "" > {{ s }}/f70
br70_empty_nl_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f70
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again70:
  file.blockreplace:
    - name: {{ s }}/f70
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show70:
  cmd.run:
    - name: od -c {{ s }}/f70
setup71:
  cmd.run:
    - name: printf "" > {{ s }}/f71
br71_empty_nl_False_append:
  file.blockreplace:
    - name: {{ s }}/f71
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again71:
  file.blockreplace:
    - name: {{ s }}/f71
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show71:
  cmd.run:
    - name: od -c {{ s }}/f71
setup72:
  cmd.run:
    - name: printf "" > {{ s }}/f72
br72_empty_nl_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f72
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again72:
  file.blockreplace:
    - name: {{ s }}/f72
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show72:
  cmd.run:
    - name: od -c {{ s }}/f72
setup73:
  cmd.run:
    - name: printf "" > {{ s }}/f73
br73_empty_strip_None_append:
  file.blockreplace:
    - name: {{ s }}/f73
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
again73:
  file.blockreplace:
    - name: {{ s }}/f73
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
show73:
  cmd.run:
    - name: od -c {{ s }}/f73
setup74:
  cmd.run:
    - name: printf "" > {{ s }}/f74
br74_empty_strip_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f74
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
again74:
  file.blockreplace:
    - name: {{ s }}/f74
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
show74:
  cmd.run:
    - name: od -c {{ s }}/f74
setup75:
  cmd.run:
    - name: printf "" > {{ s }}/f75
br75_empty_strip_True_append:
  file.blockreplace:
    - name: {{ s }}/f75
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again75:
  file.blockreplace:
    - name: {{ s }}/f75
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show75:
  cmd.run:
    - name: od -c {{ s }}/f75
setup76:
  cmd.run:
    - name: printf "" > {{ s }}/f76
br76_empty_strip_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f76
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again76:
  file.blockreplace:
    - name: {{ s }}/f76
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show76:
  cmd.run:
    - name: od -c {{ s }}/f76
setup77:
  cmd.run:
    - name: printf "" > {{ s }}/f77
br77_empty_strip_False_append:
  file.blockreplace:
    - name: {{ s }}/f77
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again77:
  file.blockreplace:
    - name: {{ s }}/f77
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show77:
  cmd.run:
    - name: od -c {{ s }}/f77
setup78:
  cmd.run:
    - name: printf "" > {{ s }}/f78
br78_empty_strip_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f78
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again78:
  file.blockreplace:
    - name: {{ s }}/f78
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show78:
  cmd.run:
    - name: od -c {{ s }}/f78
setup79:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f79
br79_noeol_nl_None_append:
  file.blockreplace:
    - name: {{ s }}/f79
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
again79:
  file.blockreplace:
    - name: {{ s }}/f79
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_if_not_found: True
show79:
  cmd.run:
    - name: od -c {{ s }}/f79
setup80:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f80
br80_noeol_nl_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f80
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
again80:
  file.blockreplace:
    - name: {{ s }}/f80
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - prepend_if_not_found: True
show80:
  cmd.run:
    - name: od -c {{ s }}/f80
setup81:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f81
br81_noeol_nl_True_append:
  file.blockreplace:
    - name: {{ s }}/f81
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again81:
  file.blockreplace:
    - name: {{ s }}/f81
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show81:
  cmd.run:
    - name: od -c {{ s }}/f81
setup82:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f82
br82_noeol_nl_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f82
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again82:
  file.blockreplace:
    - name: {{ s }}/f82
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show82:
  cmd.run:
    - name: od -c {{ s }}/f82
setup83:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f83
br83_noeol_nl_False_append:
  file.blockreplace:
    - name: {{ s }}/f83
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again83:
  file.blockreplace:
    - name: {{ s }}/f83
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show83:
  cmd.run:
    - name: od -c {{ s }}/f83
setup84:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f84
br84_noeol_nl_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f84
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again84:
  file.blockreplace:
    - name: {{ s }}/f84
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block\n"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show84:
  cmd.run:
    - name: od -c {{ s }}/f84
setup85:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f85
br85_noeol_strip_None_append:
  file.blockreplace:
    - name: {{ s }}/f85
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
again85:
  file.blockreplace:
    - name: {{ s }}/f85
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_if_not_found: True
show85:
  cmd.run:
    - name: od -c {{ s }}/f85
setup86:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f86
br86_noeol_strip_None_prepend:
  file.blockreplace:
    - name: {{ s }}/f86
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
again86:
  file.blockreplace:
    - name: {{ s }}/f86
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - prepend_if_not_found: True
show86:
  cmd.run:
    - name: od -c {{ s }}/f86
setup87:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f87
br87_noeol_strip_True_append:
  file.blockreplace:
    - name: {{ s }}/f87
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
again87:
  file.blockreplace:
    - name: {{ s }}/f87
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - append_if_not_found: True
show87:
  cmd.run:
    - name: od -c {{ s }}/f87
setup88:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f88
br88_noeol_strip_True_prepend:
  file.blockreplace:
    - name: {{ s }}/f88
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
again88:
  file.blockreplace:
    - name: {{ s }}/f88
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: True
    - prepend_if_not_found: True
show88:
  cmd.run:
    - name: od -c {{ s }}/f88
setup89:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f89
br89_noeol_strip_False_append:
  file.blockreplace:
    - name: {{ s }}/f89
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
again89:
  file.blockreplace:
    - name: {{ s }}/f89
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - append_if_not_found: True
show89:
  cmd.run:
    - name: od -c {{ s }}/f89
setup90:
  cmd.run:
    - name: printf "Hello world!" > {{ s }}/f90
br90_noeol_strip_False_prepend:
  file.blockreplace:
    - name: {{ s }}/f90
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
again90:
  file.blockreplace:
    - name: {{ s }}/f90
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - backup: False
    - append_newline: False
    - prepend_if_not_found: True
show90:
  cmd.run:
    - name: od -c {{ s }}/f90
setup91:
  cmd.run:
    - name: printf "a\nmatchme\nz\n" > {{ s }}/f91
insert_after91:
  file.blockreplace:
    - name: {{ s }}/f91
    - content: hello
    - insert_after_match: '^match'
    - backup: False
insert_before91:
  file.blockreplace:
    - name: {{ s }}/f91
    - marker_start: '#B'
    - marker_end: '#E'
    - content: hello
    - insert_before_match: '^match'
    - backup: False
insert_none91:
  file.blockreplace:
    - name: {{ s }}/f91
    - marker_start: '#C'
    - marker_end: '#D'
    - content: hello
    - insert_before_match: '^nomatch'
excl91:
  file.blockreplace:
    - name: {{ s }}/f91
    - content: hello
    - append_if_not_found: True
    - prepend_if_not_found: True
show91:
  cmd.run:
    - name: od -c {{ s }}/f91
