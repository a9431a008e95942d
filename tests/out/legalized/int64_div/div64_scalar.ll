define dllexport void @div64_scalar(i32 %arg0, i64 %arg1, i64 %arg2) {
bb0:
  %v6 = ashr i64 %arg1, 63
  %v7 = xor i64 %arg1, %v6
  %v8 = sub i64 %v7, %v6
  %v9 = ashr i64 %arg2, 63
  %v10 = xor i64 %arg2, %v9
  %v11 = sub i64 %v10, %v9
  %v12 = call i64 @__genxc_udiv_i64_x1(i64 %v8, i64 %v11)
  %v13 = xor i64 %v6, %v9
  %v14 = xor i64 %v12, %v13
  %v0 = sub i64 %v14, %v13
  %v15 = call i64 @__genxc_udiv_i64_x1(i64 %arg1, i64 %arg2)
  %v16 = mul i64 %v15, %arg2
  %v1 = sub i64 %arg1, %v16
  %v2 = call i64 @__genxc_udiv_i64_x1(i64 %v0, i64 1000000007)
  %v3 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> undef, i64 %v2, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> %v3, i64 %v1, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v2i64(i32 %arg0, i32 0, <2 x i64> %v4)
  ret void
}

define internal i64 @__genxc_udiv_i64_x1(i64 %arg0, i64 %arg1) {
bb0:
  %v0 = udiv i64 %arg0, %arg1
  ret i64 %v0
}

declare void @llvm.genx.oword.st.v2i64(i32, i32, <2 x i64>)
declare <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @div64_scalar, !"div64_scalar", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 64, i32 72, i32 80}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
