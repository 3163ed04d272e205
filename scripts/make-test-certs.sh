#!/bin/sh
# Regenerates the TLS fixtures of the reach tests (test/fixtures/tls/): a CA, a server certificate
# for 127.0.0.1, localhost and service.invalid (a name only the tests' proxy resolves) signed by it, a client certificate signed by it (as PEM, its key
# encrypted, and as a .pfx), a second, unrelated CA with a client certificate of its own, and a
# server certificate that expired in 2001. Valid (but that one)
# for 100 years, so the committed files never expire under the tests; nothing is downloaded.
# The passwords are test values, named in test/support/tls.ts.
set -eu
out="$(dirname "$0")/../test/fixtures/tls"
mkdir -p "$out"
cd "$out"
days=36500
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

ca() { # name subject
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days "$days" -subj "/CN=$2" \
    -keyout "$1-key.pem" -out "$1.pem" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
}
signed() { # name subject ca extfile-lines
  openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=$2" -keyout "$1-key.pem" -out "$tmp/$1.csr"
  printf '%s\n' "$4" > "$tmp/$1.ext"
  openssl x509 -req -in "$tmp/$1.csr" -CA "$3.pem" -CAkey "$3-key.pem" -CAcreateserial \
    -CAserial "$tmp/$3.srl" -days "$days" -sha256 -extfile "$tmp/$1.ext" -out "$1.pem"
}

ca ca 'appdeploy test CA'
ca other-ca 'appdeploy unrelated test CA'
signed server 'localhost' ca 'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:service.invalid
extendedKeyUsage=serverAuth'
signed client 'appdeploy test client' ca 'extendedKeyUsage=clientAuth'
signed stranger 'appdeploy stranger client' other-ca 'extendedKeyUsage=clientAuth'
# The client's key again, encrypted with a passphrase (the PEM form of clientCertificate).
openssl pkey -in client-key.pem -aes256 -passout pass:pem-pass-4418 -out client-key-encrypted.pem
# The client certificate and key as PKCS#12, the form the hosted platform hands out.
openssl pkcs12 -export -in client.pem -inkey client-key.pem -certfile ca.pem \
  -passout pass:pfx-pass-7731 -out client.pfx
openssl pkcs12 -export -in stranger.pem -inkey stranger-key.pem \
  -passout pass:pfx-pass-7731 -out stranger.pfx
# A server certificate the CA signed that expired long ago (2000-2001): what a service presents
# when its certificate was not renewed. `openssl x509 -req` cannot date a certificate in the past
# (OpenSSL 3.0), so it is signed by `openssl ca` with explicit dates.
openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=localhost" -keyout server-expired-key.pem \
  -out "$tmp/expired.csr"
mkdir "$tmp/db" && touch "$tmp/db/index.txt" && echo 01 > "$tmp/db/serial"
cat > "$tmp/ca.cnf" <<CNF
[ ca ]
default_ca = test
[ test ]
database = $tmp/db/index.txt
serial = $tmp/db/serial
new_certs_dir = $tmp/db
default_md = sha256
policy = any
unique_subject = no
[ any ]
commonName = supplied
[ ext ]
subjectAltName = IP:127.0.0.1,DNS:localhost,DNS:service.invalid
extendedKeyUsage = serverAuth
CNF
openssl ca -batch -config "$tmp/ca.cnf" -cert ca.pem -keyfile ca-key.pem -in "$tmp/expired.csr" \
  -out server-expired.pem -startdate 20000101000000Z -enddate 20010101000000Z -extensions ext -notext
rm -f ca-key.pem.srl
echo "written to $out"
