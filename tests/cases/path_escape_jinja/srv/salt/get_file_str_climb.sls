x: {{ salt['cp.get_file_str']('salt://sub/../../secret.txt') }}
