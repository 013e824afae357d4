users:
  alice: {uid: 1000}
pkgs: [vim, git]
port: 80
