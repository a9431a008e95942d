define dllexport void @both(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp ugt i32 %v0, 10
  %v4 = call i1 @odd_or(i1 %v3, i32 %v0)
  %v5 = call i1 @odd_or(i1 false, i32 %v1)
  %v6 = xor i1 %v4, %v5
  %v7 = select i1 %v6, <16 x i32> %v2, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v7)
  ret void
}

define internal i1 @odd_or(i1 %arg0, i32 %arg1) {
bb0:
  %v0 = and i32 %arg1, 1
  %v1 = icmp ne i32 %v0, 0
  %v2 = or i1 %arg0, %v1
  br label %bb1
bb1:
  ret i1 %v2
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @both, !"both", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
