define dllexport void @div64_scalar(i32 %arg0, i64 %arg1, i64 %arg2) {
bb0:
  %v0 = sdiv i64 %arg1, %arg2
  %v1 = urem i64 %arg1, %arg2
  %v2 = udiv i64 %v0, 1000000007
  %v3 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> undef, i64 %v2, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> %v3, i64 %v1, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v2i64(i32 %arg0, i32 0, <2 x i64> %v4)
  ret void
}

declare void @llvm.genx.oword.st.v2i64(i32, i32, <2 x i64>)
declare <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @div64_scalar, !"div64_scalar", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
