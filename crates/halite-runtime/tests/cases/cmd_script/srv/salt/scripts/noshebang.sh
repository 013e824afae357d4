echo "no shebang"
