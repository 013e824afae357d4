{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup1:
  cmd.run:
    - name: printf "# en_US.UTF-8" > {{ s }}/r1
uncomment1_run0:
  file.replace:
    - name: {{ s }}/r1
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
uncomment1_run1:
  file.replace:
    - name: {{ s }}/r1
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
uncomment1_run2:
  file.replace:
    - name: {{ s }}/r1
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
show1:
  cmd.run:
    - name: od -c {{ s }}/r1; od -c {{ s }}/r1.bak || true
setup2:
  cmd.run:
    - name: printf "#john=doe\n#foo = bar\n#foo=bar\n#blah=blub\n#some=thing" > {{ s }}/r2
prepend2_run0:
  file.replace:
    - name: {{ s }}/r2
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - prepend_if_not_found: true
prepend2_run1:
  file.replace:
    - name: {{ s }}/r2
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - prepend_if_not_found: true
prepend2_run2:
  file.replace:
    - name: {{ s }}/r2
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - prepend_if_not_found: true
show2:
  cmd.run:
    - name: od -c {{ s }}/r2; od -c {{ s }}/r2.bak || true
setup3:
  cmd.run:
    - name: printf "#john=doe\n#foo = bar\n#foo=bar\n#blah=blub\n#some=thing" > {{ s }}/r3
append3_run0:
  file.replace:
    - name: {{ s }}/r3
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
append3_run1:
  file.replace:
    - name: {{ s }}/r3
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
append3_run2:
  file.replace:
    - name: {{ s }}/r3
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
show3:
  cmd.run:
    - name: od -c {{ s }}/r3; od -c {{ s }}/r3.bak || true
setup4:
  cmd.run:
    - name: printf "#john=doe\n#foo = bar\n#foo=bar\n#blah=blub\n#some=thing" > {{ s }}/r4
append_nfc4_run0:
  file.replace:
    - name: {{ s }}/r4
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
    - not_found_content: "THIS LINE WASN'T FOUND! SO WE'RE APPENDING IT HERE!"
append_nfc4_run1:
  file.replace:
    - name: {{ s }}/r4
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
    - not_found_content: "THIS LINE WASN'T FOUND! SO WE'RE APPENDING IT HERE!"
append_nfc4_run2:
  file.replace:
    - name: {{ s }}/r4
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
    - not_found_content: "THIS LINE WASN'T FOUND! SO WE'RE APPENDING IT HERE!"
show4:
  cmd.run:
    - name: od -c {{ s }}/r4; od -c {{ s }}/r4.bak || true
setup5:
  cmd.run:
    - name: printf "#john=doe\n#foo = bar\n#foo=bar\n#blah=blub\n#some=thing" > {{ s }}/r5
prepend_nfc5_run0:
  file.replace:
    - name: {{ s }}/r5
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - prepend_if_not_found: true
    - not_found_content: "NFC line"
prepend_nfc5_run1:
  file.replace:
    - name: {{ s }}/r5
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - prepend_if_not_found: true
    - not_found_content: "NFC line"
prepend_nfc5_run2:
  file.replace:
    - name: {{ s }}/r5
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - prepend_if_not_found: true
    - not_found_content: "NFC line"
show5:
  cmd.run:
    - name: od -c {{ s }}/r5; od -c {{ s }}/r5.bak || true
setup6:
  cmd.run:
    - name: printf "#john=doe\n#foo = bar\n#foo=bar\n#blah=blub\n#some=thing" > {{ s }}/r6
mid6_run0:
  file.replace:
    - name: {{ s }}/r6
    - pattern: "^#foo=bar$"
    - repl: "foo=salt"
    - append_if_not_found: true
mid6_run1:
  file.replace:
    - name: {{ s }}/r6
    - pattern: "^#foo=bar$"
    - repl: "foo=salt"
    - append_if_not_found: true
mid6_run2:
  file.replace:
    - name: {{ s }}/r6
    - pattern: "^#foo=bar$"
    - repl: "foo=salt"
    - append_if_not_found: true
show6:
  cmd.run:
    - name: od -c {{ s }}/r6; od -c {{ s }}/r6.bak || true
setup7:
  cmd.run:
    - name: printf "#john=doe\n#foo = bar\ngoodbye world\n#foo=bar\n" > {{ s }}/r7
nochange7_run0:
  file.replace:
    - name: {{ s }}/r7
    - pattern: "^hello world$"
    - repl: "goodbye world"
    - backup: false
nochange7_run1:
  file.replace:
    - name: {{ s }}/r7
    - pattern: "^hello world$"
    - repl: "goodbye world"
    - backup: false
nochange7_run2:
  file.replace:
    - name: {{ s }}/r7
    - pattern: "^hello world$"
    - repl: "goodbye world"
    - backup: false
show7:
  cmd.run:
    - name: od -c {{ s }}/r7; od -c {{ s }}/r7.bak || true
setup8:
  cmd.run:
    - name: printf "a\r\nen_US.UTF-8\r\nb\r\n" > {{ s }}/r8
crlf8_run0:
  file.replace:
    - name: {{ s }}/r8
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
crlf8_run1:
  file.replace:
    - name: {{ s }}/r8
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
crlf8_run2:
  file.replace:
    - name: {{ s }}/r8
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
show8:
  cmd.run:
    - name: od -c {{ s }}/r8; od -c {{ s }}/r8.bak || true
setup9:
  cmd.run:
    - name: printf "xen_US.UTF-8y\n" > {{ s }}/r9
partial9_run0:
  file.replace:
    - name: {{ s }}/r9
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
partial9_run1:
  file.replace:
    - name: {{ s }}/r9
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
partial9_run2:
  file.replace:
    - name: {{ s }}/r9
    - pattern: "^# en_US.UTF-8$"
    - repl: "en_US.UTF-8"
    - append_if_not_found: true
show9:
  cmd.run:
    - name: od -c {{ s }}/r9; od -c {{ s }}/r9.bak || true
setup10:
  cmd.run:
    - name: printf "#john=doe\nHello World\n" > {{ s }}/r10
icase10_run0:
  file.replace:
    - name: {{ s }}/r10
    - pattern: "^hello world$"
    - repl: "goodbye world"
    - flags: ["IGNORECASE"]
    - backup: false
icase10_run1:
  file.replace:
    - name: {{ s }}/r10
    - pattern: "^hello world$"
    - repl: "goodbye world"
    - flags: ["IGNORECASE"]
    - backup: false
icase10_run2:
  file.replace:
    - name: {{ s }}/r10
    - pattern: "^hello world$"
    - repl: "goodbye world"
    - flags: ["IGNORECASE"]
    - backup: false
show10:
  cmd.run:
    - name: od -c {{ s }}/r10; od -c {{ s }}/r10.bak || true
setup11:
  cmd.run:
    - name: printf "#john=doe\nHello World\n" > {{ s }}/r11
icase_str11_run0:
  file.replace:
    - name: {{ s }}/r11
    - pattern: "^hello world$"
    - repl: "bye"
    - flags: "IGNORECASE"
    - backup: false
icase_str11_run1:
  file.replace:
    - name: {{ s }}/r11
    - pattern: "^hello world$"
    - repl: "bye"
    - flags: "IGNORECASE"
    - backup: false
icase_str11_run2:
  file.replace:
    - name: {{ s }}/r11
    - pattern: "^hello world$"
    - repl: "bye"
    - flags: "IGNORECASE"
    - backup: false
show11:
  cmd.run:
    - name: od -c {{ s }}/r11; od -c {{ s }}/r11.bak || true
setup12:
  cmd.run:
    - name: printf "#john=doe\nHello World\n" > {{ s }}/r12
int_flags12_run0:
  file.replace:
    - name: {{ s }}/r12
    - pattern: "^hello world$"
    - repl: "bye"
    - flags: 10
    - backup: false
int_flags12_run1:
  file.replace:
    - name: {{ s }}/r12
    - pattern: "^hello world$"
    - repl: "bye"
    - flags: 10
    - backup: false
int_flags12_run2:
  file.replace:
    - name: {{ s }}/r12
    - pattern: "^hello world$"
    - repl: "bye"
    - flags: 10
    - backup: false
show12:
  cmd.run:
    - name: od -c {{ s }}/r12; od -c {{ s }}/r12.bak || true
setup13:
  cmd.run:
    - name: printf "#john=doe\n#john=doe\n" > {{ s }}/r13
no_multiline13_run0:
  file.replace:
    - name: {{ s }}/r13
    - pattern: "^#john"
    - repl: "john"
    - flags: []
    - backup: false
no_multiline13_run1:
  file.replace:
    - name: {{ s }}/r13
    - pattern: "^#john"
    - repl: "john"
    - flags: []
    - backup: false
no_multiline13_run2:
  file.replace:
    - name: {{ s }}/r13
    - pattern: "^#john"
    - repl: "john"
    - flags: []
    - backup: false
show13:
  cmd.run:
    - name: od -c {{ s }}/r13; od -c {{ s }}/r13.bak || true
setup14:
  cmd.run:
    - name: printf "a\nb\n" > {{ s }}/r14
dotall14_run0:
  file.replace:
    - name: {{ s }}/r14
    - pattern: "a.b"
    - repl: "ab"
    - flags: ["DOTALL", "MULTILINE"]
    - backup: false
dotall14_run1:
  file.replace:
    - name: {{ s }}/r14
    - pattern: "a.b"
    - repl: "ab"
    - flags: ["DOTALL", "MULTILINE"]
    - backup: false
dotall14_run2:
  file.replace:
    - name: {{ s }}/r14
    - pattern: "a.b"
    - repl: "ab"
    - flags: ["DOTALL", "MULTILINE"]
    - backup: false
show14:
  cmd.run:
    - name: od -c {{ s }}/r14; od -c {{ s }}/r14.bak || true
setup15:
  cmd.run:
    - name: printf "a\n" > {{ s }}/r15
bad_flag15_run0:
  file.replace:
    - name: {{ s }}/r15
    - pattern: "a"
    - repl: "b"
    - flags: ["BOGUS"]
bad_flag15_run1:
  file.replace:
    - name: {{ s }}/r15
    - pattern: "a"
    - repl: "b"
    - flags: ["BOGUS"]
bad_flag15_run2:
  file.replace:
    - name: {{ s }}/r15
    - pattern: "a"
    - repl: "b"
    - flags: ["BOGUS"]
show15:
  cmd.run:
    - name: od -c {{ s }}/r15; od -c {{ s }}/r15.bak || true
setup99:
  cmd.run:
    - name: printf 'x\n' > {{ s }}/r99
both99:
  file.replace:
    - name: {{ s }}/r99
    - pattern: y
    - repl: z
    - append_if_not_found: True
    - prepend_if_not_found: True
