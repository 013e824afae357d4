# the keys of a served file (test mode: ssh.check_key_file caches it; a real run reads it
# with cp.get_url, then ssh.set_auth_key_from_file caches it)
keys_from_http:
  ssh_auth.present:
    - name: from-source
    - user: root
    - config: /var/tmp/halitetestnw-ssh/authorized_keys
    - source: http://127.0.0.1:38396/user.keys

# a keys file the server does not have
keys_not_found:
  ssh_auth.present:
    - name: from-source
    - user: root
    - config: /var/tmp/halitetestnw-ssh/authorized_keys2
    - source: http://127.0.0.1:38396/none.keys
