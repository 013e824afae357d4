users:
  bob: {uid: 1001}
pkgs: [curl]
app:
  name: demo
  port: {{ 8000 + 80 }}
