{# Guards written as the shell's file tests (answered without a shell by halite when the
   form allows: crates/halite-exec/src/process.rs shell_file_test) and forms that still go
   to the shell. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
setup_dir:
  file.directory:
    - name: {{ d }}/dir
setup_file:
  file.managed:
    - name: {{ d }}/file
    - contents: x
setup_empty:
  file.managed:
    - name: {{ d }}/empty
    - contents: ''
    - contents_newline: False
setup_link:
  file.symlink:
    - name: {{ d }}/link
    - target: {{ d }}/file
{% for op in ['-e', '-f', '-d', '-s', '-L', '-h'] %}
{% for p in ['dir', 'file', 'empty', 'link', 'missing'] %}
unless {{ op }} {{ p }}:
  test.succeed_with_changes:
    - unless: test {{ op }} {{ d }}/{{ p }}
onlyif {{ op }} {{ p }}:
  test.succeed_with_changes:
    - onlyif: '[ ! {{ op }} {{ d }}/{{ p }} ]'
{% endfor %}
{% endfor %}
shell still used, relative:
  test.succeed_with_changes:
    - unless: test -e file
    - cwd: {{ d }}
shell still used, glob:
  test.succeed_with_changes:
    - onlyif: test -e {{ d }}/fi*
shell still used, list:
  test.succeed_with_changes:
    - unless:
      - test -d {{ d }}/dir
      - test -e {{ d }}/missing || false
