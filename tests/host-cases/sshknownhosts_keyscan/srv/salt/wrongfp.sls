wrong-fingerprint:
  ssh_known_hosts.present:
    - name: 127.0.0.1
    - config: /tmp/halitetestsy-kh/other_known_hosts
    - port: 2299
    - hash_known_hosts: False
    - fingerprint: 'aa:bb:cc:dd:ee:ff:00:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff:00:11:22:33:44:55:66:77:88:99'
