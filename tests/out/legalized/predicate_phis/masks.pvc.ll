define dllexport void @masks(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = and <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v5 = icmp ne <16 x i32> %v4, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v6 = icmp eq i32 %v0, 7
  br i1 %v6, label %bb3, label %bb1
bb1:
  br label %bb2
bb2:
  %v7 = select <16 x i1> %v3, <16 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v8 = select <16 x i1> %v5, <16 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v9 = select <16 x i1> %v3, <16 x i32> <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>, <16 x i32> <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %v10 = add <16 x i32> %v9, %v8
  %v11 = mul <16 x i32> %v10, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %v12 = add <16 x i32> %v11, %v7
  %v13 = mul <16 x i32> %v12, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %v14 = add <16 x i32> %v13, %v8
  %v15 = mul <16 x i32> %v14, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %v16 = add <16 x i32> %v15, %v7
  br label %bb3
bb3:
  %v17 = phi <16 x i1> [ <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, %bb0 ], [ %v5, %bb2 ]
  %v18 = phi <16 x i32> [ %v2, %bb0 ], [ %v16, %bb2 ]
  %v19 = select <16 x i1> %v17, <16 x i32> %v18, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v19)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @masks, !"masks", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
