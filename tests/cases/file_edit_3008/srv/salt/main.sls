{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% set roots = opts['file_roots']['base'][0] %}
{% for f in ['utf16.psd1', 'utf16-append.psd1', 'utf32.txt', 'utf16be.txt', 'sshd_config', 'prepend.txt'] %}
copy_{{ f }}:
  file.copy:
    - name: {{ d }}/{{ f }}
    - source: {{ roots }}/data/{{ f }}
{% endfor %}
replace_utf16:
  file.replace:
    - name: {{ d }}/utf16.psd1
    - pattern: PowerShellVersion\s+=\s+'2\.0'
    - repl: PowerShellVersion = '3.0'
    - encoding: utf-16
    - backup: False
replace_utf16_again:
  file.replace:
    - name: {{ d }}/utf16.psd1
    - pattern: PowerShellVersion\s+=\s+'2\.0'
    - repl: PowerShellVersion = '3.0'
    - encoding: utf-16
replace_utf16_append:
  file.replace:
    - name: {{ d }}/utf16-append.psd1
    - pattern: ^PowerShellVersion\s*=.*$
    - repl: PowerShellVersion = '3.0'
    - append_if_not_found: True
    - encoding: utf-16
    - backup: False
replace_utf16_append_again:
  file.replace:
    - name: {{ d }}/utf16-append.psd1
    - pattern: ^PowerShellVersion\s*=.*$
    - repl: PowerShellVersion = '3.0'
    - append_if_not_found: True
    - encoding: UTF_16
replace_utf32:
  file.replace:
    - name: {{ d }}/utf32.txt
    - pattern: key = old_value
    - repl: key = new_value
    - encoding: utf-32
replace_utf16be:
  file.replace:
    - name: {{ d }}/utf16be.txt
    - pattern: key = old_value
    - repl: key = new_value
    - encoding: utf-16-be
    - backup: .orig
check_utf16:
  module.run:
    - name: file.contains
    - path: {{ d }}/utf16.psd1.bak
    - text: PowerShellVersion
keyvalue_prune:
  file.keyvalue:
    - name: {{ d }}/sshd_config
    - key: PermitRootLogin
    - value: 'no'
    - separator: ' '
    - prune: True
keyvalue_prune_again:
  file.keyvalue:
    - name: {{ d }}/sshd_config
    - key_values:
        PermitRootLogin: 'no'
        MaxSessions: 1
    - separator: ' '
    - uncomment: '#'
    - append_if_not_found: True
    - prune: True
prepend_hidden:
  file.prepend:
    - name: {{ d }}/prepend.txt
    - text: cheese
    - show_changes: False
new_file_diff:
  file.managed:
    - name: {{ d }}/new_file_diff.txt
    - contents: EITR
    - new_file_diff: True
new_file_diff_source:
  file.managed:
    - name: {{ d }}/new_file_diff_source.txt
    - source: salt://data/sshd_config
    - new_file_diff: True
new_file_diff_empty:
  file.managed:
    - name: {{ d }}/new_file_diff_empty.txt
    - contents: ''
    - contents_newline: False
    - new_file_diff: True
