{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup_salty:
  cmd.run:
    - name: printf '#salty!' > {{ s }}/salty
append_cheese:
  file.append:
    - name: {{ s }}/salty
    - text: cheese
makedirs_new_file:
  file.append:
    - name: {{ s }}/append_issue_1864_makedirs
    - text: cheese
    - makedirs: True
makedirs_nested:
  file.append:
    - name: {{ s }}/issue_1864/append_issue_1864_makedirs
    - text: cheese
    - makedirs: True
makedirs_false_existing_dir:
  file.append:
    - name: {{ s }}/issue_1864/append_issue_1864_makedirs2
    - text: cheese
    - makedirs: False
no_makedirs_missing_dir:
  file.append:
    - name: {{ s }}/nodir/deeper/f
    - text: cheese
prepend_makedirs_nested:
  file.prepend:
    - name: {{ s }}/pre_dir/a/b/f
    - text: cheese
    - makedirs: True
prepend_no_makedirs:
  file.prepend:
    - name: {{ s }}/pre_nodir/f
    - text: cheese
percent_1:
  file.append:
    - name: {{ s }}/salty
    - text: "HISTTIMEFORMAT='%F %T '"
percent_2:
  file.append:
    - name: {{ s }}/salty
    - text: "HISTTIMEFORMAT='%F %T '"
setup_2379:
  cmd.run:
    - name: printf 'hello\nworld\n#PermitRootLogin yes\n# PermitRootLogin yes\n' > {{ s }}/f2379
issue_2379:
  file.append:
    - name: {{ s }}/f2379
    - text: PermitRootLogin yes
setup_src:
  cmd.run:
    - name: touch {{ s }}/test.append {{ s }}/test.prepend {{ s }}/test.sources {{ s }}/test.local {{ s }}/test.tmpl
src_first_1:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/firstif
src_second_1:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/secondif
src_first_2:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/firstif
src_second_2:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/secondif
sources_list:
  file.append:
    - name: {{ s }}/test.sources
    - sources:
      - salt://testappend/secondif
      - salt://testappend/tmpl
    - context:
        who: world
sources_list_again:
  file.append:
    - name: {{ s }}/test.sources
    - sources:
      - salt://testappend/secondif
      - salt://testappend/tmpl
    - context:
        who: world
tmpl_defaults:
  file.append:
    - name: {{ s }}/test.tmpl
    - source: salt://testappend/tmpl
    - defaults:
        who: defaults
tmpl_none:
  file.append:
    - name: {{ s }}/test.tmpl
    - source: salt://testappend/tmpl
    - template: null
prepend_src:
  file.prepend:
    - name: {{ s }}/test.prepend
    - source: salt://testappend/secondif
prepend_src_again:
  file.prepend:
    - name: {{ s }}/test.prepend
    - source: salt://testappend/secondif
missing_src:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/nope
empty_src:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/empty
both_src:
  file.append:
    - name: {{ s }}/test.append
    - source: salt://testappend/firstif
    - sources:
      - salt://testappend/secondif
setup_local:
  cmd.run:
    - name: printf 'local line\n' > {{ s }}/local.src
local_src:
  file.append:
    - name: {{ s }}/test.local
    - source: {{ s }}/local.src
local_src_file_url:
  file.prepend:
    - name: {{ s }}/test.local
    - source: file://{{ s }}/local.src
missing_src_new_file:
  file.append:
    - name: {{ s }}/created_before_fetch
    - source: salt://testappend/nope
show:
  cmd.run:
    - name: cd {{ s }} && for f in salty append_issue_1864_makedirs issue_1864/append_issue_1864_makedirs issue_1864/append_issue_1864_makedirs2 pre_dir/a/b/f f2379 test.append test.sources test.tmpl test.prepend test.local created_before_fetch; do echo "== $f"; od -c $f; done; ls -la pre_nodir nodir 2>&1 | head -3; true
