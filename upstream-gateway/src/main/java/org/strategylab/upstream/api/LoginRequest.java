package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotBlank;

/**
 * Credentials of a VEuPathDB account. They are sent to the site once and never stored; only the
 * session the site gives back is kept (encrypted).
 *
 * @param email    the account's email
 * @param password its password
 */
public record LoginRequest(@NotBlank String email, @NotBlank String password) {

    @Override
    public String toString() {
        // keeps the password out of any log line that prints the request
        return "LoginRequest[email=" + email + ", password=***]";
    }
}
